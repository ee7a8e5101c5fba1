import { Button, Checkbox, Field, HStack, Input, Link, Stack } from "@chakra-ui/react";
import { PASSWORD_LENGTH } from "@domain/constants";
import { Msg } from "@domain/messages";
import { useEffect, useState, type KeyboardEvent } from "react";
import { Link as RouterLink } from "react-router";
import { L } from "../../labels";
import { loadRememberedPhone } from "../../lib/rememberPhone";

export interface LoginValues {
  phone: string;
  password: string;
  remember: boolean;
}

const BLOCKED_KEYS = new Set(["ArrowUp", "ArrowDown", "e", "E", "+", "-", "."]);

/** Phone + password + 'save phone number'; blank fields are reported under each input. */
export function LoginForm({ onSubmit, loading, onFindPassword, findingPassword }: { onSubmit: (v: LoginValues) => void; loading: boolean; onFindPassword: () => void; findingPassword: boolean }) {
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    let live = true;
    void loadRememberedPhone().then((p) => {
      if (live && p) {
        setPhone((cur) => cur || p);
        setRemember(true);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  const phoneErr = phone.trim() ? null : Msg.phoneRequired;
  const passwordErr = password ? null : Msg.passwordRequired;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (!phoneErr && !passwordErr && !loading) onSubmit({ phone: phone.trim(), password, remember });
      }}
    >
    <Stack gap="5">
      <Field.Root invalid={submitted && !!phoneErr}>
        <Field.Label>{L.login.phone}</Field.Label>
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={L.login.phonePlaceholder}
          maxLength={20}
          value={phone}
          onKeyDown={(e: KeyboardEvent) => BLOCKED_KEYS.has(e.key) && e.preventDefault()}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ""))}
          data-testid="login-phone"
        />
        <Field.ErrorText>{phoneErr}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={submitted && !!passwordErr}>
        <Field.Label>{L.login.password}</Field.Label>
        <Input
          type="password"
          autoComplete="current-password"
          placeholder={L.login.passwordPlaceholder}
          maxLength={PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="login-password"
        />
        <Field.ErrorText>{passwordErr}</Field.ErrorText>
      </Field.Root>
      <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)} colorPalette="brand" data-testid="login-remember">
        <Checkbox.HiddenInput data-testid="login-remember-input" />
        <Checkbox.Control />
        <Checkbox.Label>{L.login.savePhone}</Checkbox.Label>
      </Checkbox.Root>
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
