import { Button, Field, Input, Stack } from "@chakra-ui/react";
import { PASSWORD_LENGTH } from "@domain/constants";
import { Msg } from "@domain/messages";
import { pin } from "@domain/schemas/shared/common";
import { useState } from "react";
import { L } from "../labels";

/** The first failing rule of spec §5 for a new password, or null. */
export function newPasswordError(value: string): string | null {
  const r = pin.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? Msg.passwordSix);
}

export function confirmError(value: string, confirm: string): string | null {
  if (!confirm) return Msg.required;
  return value === confirm ? null : Msg.passwordMismatch;
}

/** New 6-digit password + confirmation; the button stays disabled until both are valid. */
export function PasswordSetForm({
  onSubmit,
  loading,
  submitLabel = L.password.submit,
}: {
  onSubmit: (password: string) => void;
  loading?: boolean;
  submitLabel?: string;
}) {
  const [value, setValue] = useState("");
  const [confirm, setConfirm] = useState("");
  const [touched, setTouched] = useState({ value: false, confirm: false });
  const valueErr = newPasswordError(value);
  const confirmErr = confirmError(value, confirm);
  const valid = !valueErr && !confirmErr;

  return (
    <Stack
      as="form"
      gap="5"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !loading) onSubmit(value);
      }}
    >
      <Field.Root invalid={touched.value && !!valueErr}>
        <Field.Label>{L.password.newPassword}</Field.Label>
        <Input
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched((t) => ({ ...t, value: true }));
          }}
          onBlur={() => setTouched((t) => ({ ...t, value: true }))}
          data-testid="password-new"
        />
        <Field.ErrorText data-testid="password-new-error">{valueErr}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={touched.confirm && !!confirmErr}>
        <Field.Label>{L.password.confirm}</Field.Label>
        <Input
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH}
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setTouched((t) => ({ ...t, confirm: true }));
          }}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          data-testid="password-confirm"
        />
        <Field.ErrorText data-testid="password-confirm-error">{confirmErr}</Field.ErrorText>
      </Field.Root>
      <Button type="submit" colorPalette="brand" size="lg" disabled={!valid} loading={loading} data-testid="password-submit">
        {submitLabel}
      </Button>
    </Stack>
  );
}
