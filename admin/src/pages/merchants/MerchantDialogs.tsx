import { useMemo, useState } from "react";
import { Alert, Field, Input, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { merchantCreate } from "@domain/schemas/merchant-payments";
import { callEndpoint, type EndpointData } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { ML } from "./merchants.labels";

export type MerchantRow = EndpointData<"merchants">["merchants"][number];

const A = ML.admin;
const EMPTY = { phone: "", name: "" };
const renameSchema = merchantCreate.pick({ name: true });
const failure = (e: unknown) => (e instanceof ApiError ? e.message : Msg.serverError);

/** The server's refusal (no such member, not a shop owner, already a merchant …), read out in the form. */
function ServerError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** 가맹점 등록: a shop owner (점주) member by phone number, and the merchant's name; the schema's and the server's messages. */
export function MerchantCreateDialog(props: { open: boolean; onClose: () => void; onCreated: (row: MerchantRow) => void }) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      title={A.create}
      schema={merchantCreate}
      defaultValues={EMPTY}
      submitLabel={A.save}
      testId="merchant-create-dialog"
      submitTestId="merchant-save"
      onSubmit={async (v) => {
        setError(null);
        try {
          props.onCreated(await callEndpoint("merchantCreate", v));
        } catch (e) {
          setError(failure(e));
        }
      }}
    >
      {(form) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            {A.createHint}
          </Text>
          <ServerError message={error} testId="merchant-create-error" />
          <Field.Root required invalid={Boolean(form.formState.errors.phone)}>
            <Field.Label>
              {A.phoneLabel}
              <Field.RequiredIndicator />
            </Field.Label>
            {/* Hyphens and spaces typed or pasted (010-1234-5678) are dropped before the schema reads the number. */}
            <Input
              {...form.register("phone", { setValueAs: (v: string) => String(v ?? "").replace(/[\s-]/g, "") })}
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              placeholder={A.phonePlaceholder}
              data-testid="merchant-phone"
            />
            <Field.ErrorText data-testid="merchant-phone-error">{form.formState.errors.phone?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(form.formState.errors.name)}>
            <Field.Label>
              {A.nameLabel}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register("name")} maxLength={40} placeholder={A.namePlaceholder} data-testid="merchant-name" />
            <Field.ErrorText data-testid="merchant-name-error">{form.formState.errors.name?.message}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}

/** 이름 변경 of one merchant (its key is the row's id: a new row starts from its own name). */
export function MerchantRenameDialog(props: {
  row: MerchantRow | null;
  open: boolean;
  onClose: () => void;
  onRenamed: (row: MerchantRow) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const defaults = useMemo(() => ({ name: props.row?.name ?? "" }), [props.row]);
  const close = () => {
    setError(null);
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      title={A.renameTitle}
      schema={renameSchema}
      defaultValues={defaults}
      submitLabel={A.renameSave}
      testId="merchant-rename-dialog"
      submitTestId="merchant-rename-save"
      onSubmit={async (v) => {
        if (!props.row) return;
        setError(null);
        try {
          props.onRenamed(await callEndpoint("merchantUpdate", { merchantId: props.row.id, name: v.name }));
        } catch (e) {
          setError(failure(e));
        }
      }}
    >
      {(form) => (
        <>
          <ServerError message={error} testId="merchant-rename-error" />
          <Field.Root required invalid={Boolean(form.formState.errors.name)}>
            <Field.Label>
              {A.nameLabel}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register("name")} maxLength={40} data-testid="merchant-rename-name" />
            <Field.ErrorText data-testid="merchant-rename-name-error">{form.formState.errors.name?.message}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}
