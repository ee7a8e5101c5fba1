import { useState } from "react";
import { Field, Text, Textarea } from "@chakra-ui/react";
import { changeWithdraw } from "@domain/schemas/change-notices";
import { callEndpoint } from "../../api/endpoints";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { failure, ServerError, type ChangeRow } from "./cells";
import { CL } from "./changes.labels";

const EMPTY = { reason: "" };

/** 철회 of a draft or a posted change, with its reason (required); the server's refusal shows in the form. */
export function ChangeWithdrawDialog(props: { row: ChangeRow | null; onClose: () => void; onWithdrawn: (row: ChangeRow) => void }) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  return (
    <FormDialog
      open={props.row !== null}
      onClose={close}
      title={CL.withdrawTitle}
      schema={changeWithdraw}
      defaultValues={EMPTY}
      submitLabel={CL.withdrawSave}
      testId="change-withdraw-dialog"
      submitTestId="change-withdraw-save"
      onSubmit={async (v) => {
        if (!props.row) return;
        setError(null);
        try {
          props.onWithdrawn(await callEndpoint("changeWithdraw", { changeId: props.row.id, reason: v.reason }));
          setError(null);
        } catch (e) {
          setError(failure(e));
        }
      }}
    >
      {(form) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            {CL.withdrawHint(props.row?.title ?? "")}
          </Text>
          <ServerError message={error} testId="change-withdraw-error" />
          <Field.Root required invalid={Boolean(form.formState.errors.reason)}>
            <Field.Label>
              {CL.reasonLabel}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea {...form.register("reason")} rows={3} maxLength={500} data-testid="change-withdraw-reason" />
            <Field.ErrorText data-testid="change-withdraw-reason-error">{form.formState.errors.reason?.message}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}
