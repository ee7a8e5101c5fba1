import { useMemo, useState } from "react";
import { Alert, Field, Fieldset, HStack, Input, NativeSelect, RadioGroup, Text, Textarea } from "@chakra-ui/react";
import { Controller, type DefaultValues } from "react-hook-form";
import type { z } from "zod";
import { useConfirm } from "@common/ConfirmDialog";
import type { ChangeKind } from "@domain/policy/change-notice";
import { CHANGE_SUMMARY_MAX, CHANGE_TITLE_MAX, changeDraft } from "@domain/schemas/change-notices";
import { callEndpoint } from "../../api/endpoints";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { failure, ServerError, type ChangeList, type ChangeRow } from "./cells";
import { CL } from "./changes.labels";

type DraftInput = z.input<typeof changeDraft>;

/** A select's value as a merchant id: none chosen is undefined (the schema's "골라 주세요"). */
const merchantValue = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : Number(v));

function defaultsOf(row: ChangeRow | null, kinds: ChangeKind[]): DefaultValues<DraftInput> {
  if (!row) return { kind: kinds[0] ?? "terms", title: "", summary: "", content: "", merchantId: undefined, effectiveDate: "" };
  return {
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    content: row.content ?? "",
    merchantId: row.merchantId ?? undefined,
    effectiveDate: row.effectiveDate,
  };
}

/**
 * 변경 고지 작성 / 수정: the kind (only those the operator's flags allow), the title, what members are told, the new
 * terms' HTML or the shop to remove, the effective date (its earliest allowed day as the input's minimum). Saving a
 * posted change restarts its notice, so it is asked first. The server's refusal shows in the form, the input kept.
 * Keyed by the row edited (a new row starts from its own values).
 */
export function ChangeFormDialog(props: {
  open: boolean;
  row: ChangeRow | null;
  kinds: ChangeKind[];
  merchants: ChangeList["merchants"];
  earliest: ChangeList["earliest"];
  onClose: () => void;
  onSaved: (row: ChangeRow, message: string) => void;
}) {
  const { row, kinds } = props;
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm("change-repost-confirm");
  const defaults = useMemo(() => defaultsOf(row, kinds), [row, kinds]);
  // A shop removal being edited keeps its merchant as a choice even if it is no longer active.
  const merchants = useMemo(() => {
    const list = props.merchants.map((m) => ({ id: m.id, name: m.name }));
    if (row?.merchantId != null && !list.some((m) => m.id === row.merchantId))
      list.unshift({ id: row.merchantId, name: CL.merchantInactive(row.merchantName ?? String(row.merchantId)) });
    return list;
  }, [props.merchants, row]);
  const close = () => {
    setError(null);
    props.onClose();
  };
  const posted = row?.state === "posted";

  return (
    <>
      <FormDialog
        open={props.open}
        onClose={close}
        title={row ? CL.editTitle : CL.createTitle}
        schema={changeDraft}
        defaultValues={defaults}
        submitLabel={CL.save}
        testId="change-form"
        submitTestId="change-save"
        onSubmit={async (v) => {
          setError(null);
          if (posted && !(await confirm.ask(CL.repostConfirm))) return;
          const body = {
            kind: v.kind,
            title: v.title,
            summary: v.summary,
            effectiveDate: v.effectiveDate,
            ...(v.kind === "terms" ? { content: v.content } : { merchantId: v.merchantId }),
          };
          try {
            if (row) props.onSaved(await callEndpoint("changeUpdate", { changeId: row.id, ...body }), posted ? CL.reposted : CL.saved);
            else props.onSaved(await callEndpoint("changeCreate", body), CL.created);
          } catch (e) {
            setError(failure(e));
          }
        }}
      >
        {(form) => {
          const kind = form.watch("kind");
          const errors = form.formState.errors;
          return (
            <>
              {posted && (
                <Alert.Root status="warning" data-testid="change-form-posted">
                  <Alert.Indicator />
                  <Alert.Title>{CL.postedEditNotice}</Alert.Title>
                </Alert.Root>
              )}
              <ServerError message={error} testId="change-form-error" />
              <Fieldset.Root>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  {CL.kindLabel}
                </Fieldset.Legend>
                <Controller
                  control={form.control}
                  name="kind"
                  render={({ field }) => (
                    <RadioGroup.Root
                      value={field.value}
                      onValueChange={(d) => field.onChange(d.value as ChangeKind)}
                      name={field.name}
                      colorPalette="brand"
                      size="sm"
                      aria-label={CL.kindLabel}
                    >
                      <HStack gap="5" wrap="wrap">
                        {kinds.map((k) => (
                          <RadioGroup.Item key={k} value={k} data-testid={`change-kind-${k}`}>
                            <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>{CL.kinds[k]}</RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </HStack>
                    </RadioGroup.Root>
                  )}
                />
              </Fieldset.Root>
              <Field.Root required invalid={Boolean(errors.title)}>
                <Field.Label>
                  {CL.titleLabel}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  {...form.register("title")}
                  maxLength={CHANGE_TITLE_MAX}
                  placeholder={CL.titlePlaceholder}
                  data-testid="change-title"
                />
                <Field.ErrorText data-testid="change-title-error">{errors.title?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.summary)}>
                <Field.Label>
                  {CL.summaryLabel}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea {...form.register("summary")} rows={4} maxLength={CHANGE_SUMMARY_MAX} data-testid="change-summary" />
                <Field.HelperText>{CL.summaryHint}</Field.HelperText>
                <Field.ErrorText data-testid="change-summary-error">{errors.summary?.message}</Field.ErrorText>
              </Field.Root>
              {kind === "terms" ? (
                <Field.Root required invalid={Boolean(errors.content)}>
                  <Field.Label>
                    {CL.contentLabel}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea {...form.register("content")} rows={8} fontFamily="mono" fontSize="xs" data-testid="change-content" />
                  <Field.HelperText>{CL.contentHint}</Field.HelperText>
                  <Field.ErrorText data-testid="change-content-error">{errors.content?.message}</Field.ErrorText>
                </Field.Root>
              ) : (
                <Field.Root required invalid={Boolean(errors.merchantId)}>
                  <Field.Label>
                    {CL.merchantLabel}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register("merchantId", { setValueAs: merchantValue })} data-testid="change-merchant">
                      <option value="">{CL.merchantPlaceholder}</option>
                      {merchants.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText data-testid="change-merchant-error">{errors.merchantId?.message}</Field.ErrorText>
                </Field.Root>
              )}
              <Field.Root required invalid={Boolean(errors.effectiveDate)}>
                <Field.Label>
                  {CL.dateLabel}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input type="date" {...form.register("effectiveDate")} min={props.earliest[kind]} maxW="56" data-testid="change-date" />
                <Field.HelperText>
                  <Text as="span" display="block">
                    {CL.dateHint}
                  </Text>
                  <Text as="span" display="block" data-testid="change-date-earliest">
                    {CL.earliest(props.earliest[kind])}
                  </Text>
                </Field.HelperText>
                <Field.ErrorText data-testid="change-date-error">{errors.effectiveDate?.message}</Field.ErrorText>
              </Field.Root>
            </>
          );
        }}
      </FormDialog>
      {confirm.dialog}
    </>
  );
}
