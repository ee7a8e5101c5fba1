import { Button, Checkbox, Field, HStack, Input, Link, Stack } from "@chakra-ui/react";
import { PASSWORD_LENGTH } from "@domain/constants";
import { loginFormSchema, type LoginForm as LoginValues } from "@domain/schemas/shared/forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type KeyboardEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { L } from "../../labels";
import { loadRememberedPhone } from "../../lib/rememberPhone";

export type { LoginValues };

const BLOCKED_KEYS = new Set(["ArrowUp", "ArrowDown", "e", "E", "+", "-", "."]);

/** Phone + password + 'save phone number'; blank fields are reported under each input. */
export function LoginForm({
  onSubmit,
  loading,
  onFindPassword,
  findingPassword,
}: {
  onSubmit: (v: LoginValues) => void;
  loading: boolean;
  onFindPassword: () => void;
  findingPassword: boolean;
}) {
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { phone: "", password: "", remember: false },
    mode: "onSubmit",
  });
  const errors = form.formState.errors;

  useEffect(() => {
    let live = true;
    void loadRememberedPhone().then((p) => {
      if (live && p) {
        if (!form.getValues("phone")) form.setValue("phone", p);
        form.setValue("remember", true);
      }
    });
    return () => {
      live = false;
    };
  }, [form]);

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => !loading && onSubmit(v))}>
      <Stack gap="5">
        <Field.Root invalid={!!errors.phone}>
          <Field.Label>{L.login.phone}</Field.Label>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={L.login.phonePlaceholder}
            maxLength={20}
            {...form.register("phone", { setValueAs: (v: string) => v.replace(/\D/g, "") })}
            onKeyDown={(e: KeyboardEvent) => BLOCKED_KEYS.has(e.key) && e.preventDefault()}
            onInput={(e) => {
              const el = e.currentTarget as HTMLInputElement;
              el.value = el.value.replace(/\D/g, "");
            }}
            data-testid="login-phone"
          />
          <Field.ErrorText>{errors.phone?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password}>
          <Field.Label>{L.login.password}</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={L.login.passwordPlaceholder}
            maxLength={PASSWORD_LENGTH}
            {...form.register("password")}
            data-testid="login-password"
          />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={form.control}
          name="remember"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked === true)}
              colorPalette="brand"
              data-testid="login-remember"
            >
              <Checkbox.HiddenInput data-testid="login-remember-input" />
              <Checkbox.Control />
              <Checkbox.Label>{L.login.savePhone}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Button type="submit" colorPalette="brand" size="lg" loading={loading} data-testid="login-submit">
          {L.login.submit}
        </Button>
        <HStack justify="center" gap="6" fontSize="sm">
          <Link asChild color="fg.muted">
            <RouterLink to="/signup" data-testid="login-to-signup">
              {L.login.toSignup}
            </RouterLink>
          </Link>
          <Link as="button" color="fg.muted" onClick={onFindPassword} aria-busy={findingPassword} data-testid="login-find-password">
            {L.login.findPassword}
          </Link>
        </HStack>
      </Stack>
    </form>
  );
}
