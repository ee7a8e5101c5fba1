import { Field, Input, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { totpDisableBody, type TotpDisabled } from "@domain/schemas/operator-security";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";

const S = L.security;
const EMPTY = { otp: "" };

/** Turning two-factor login off: a current code (the app's, or a recovery code). */
export function SecurityDisableDialog({
  open,
  onClose,
  onDisabled,
}: {
  open: boolean;
  onClose: () => void;
  onDisabled: (data: TotpDisabled) => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={S.disable}
      schema={totpDisableBody}
      defaultValues={EMPTY}
      submitLabel={S.disable}
      testId="security-disable-dialog"
      onSubmit={async (v) => {
        try {
          onDisabled(await callEndpoint("totpDisable", v));
        } catch (e) {
          snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
        }
      }}
    >
      {(form) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            {S.disableHint}
          </Text>
          <Field.Root invalid={Boolean(form.formState.errors.otp)}>
            <Field.Label>{S.disableCode}</Field.Label>
            <Input {...form.register("otp")} autoComplete="one-time-code" maxLength={20} data-testid="security-disable-code" />
            <Field.ErrorText>{form.formState.errors.otp?.message}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}
