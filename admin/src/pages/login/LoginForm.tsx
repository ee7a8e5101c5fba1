import { useState } from "react";
import { Alert, Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Code } from "@domain/codes";
import { withTriesLeft } from "@domain/messages";
import type { LoginOperatorData } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { clearSession } from "../../api/session";
import { ContractError } from "@common/endpoint-client";
import { L } from "../../labels";

/** The message for a failed login: no matching user reads '사용자 정보를 확인해주세요', other codes show the server's message. */
export function loginErrorMessage(e: unknown): string {
  // An answer without its token (code 200, no accessToken: a contract error) is a failed login, not a server error.
  if (e instanceof ContractError) return L.loginFailed;
  if (e instanceof ApiError) return e.code === Code.BAD_REQUEST || e.code === Code.NOT_FOUND ? L.loginFailed : e.message;
  return L.loginFailed;
}

/** The message for a refused one-time code: the server's, with the tries left before the 10-minute lock. */
function otpErrorMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return L.loginFailed;
  const left = (e.data as { triesLeft?: unknown } | undefined)?.triesLeft;
  return typeof left === "number" ? withTriesLeft(e.message, left) : e.message;
}

type LoginBody = { username: string; password: string; otp?: string };

/**
 * ID + password; empty fields are refused before any call (spec §5). An operator with two-factor login is then asked
 * for its one-time code (the server answers 1201), and the same call with `otp` completes the login.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (data: LoginOperatorData) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [askOtp, setAskOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({
    // The endpoint table (every schema) loads on submit, not with the login page.
    mutationFn: async (body: LoginBody) => (await import("../../api/endpoints")).callEndpoint("loginOperator", body),
    onSuccess: onLoggedIn,
    onError: (e, body) => {
      if (e instanceof ApiError && e.code === Code.OTP_REQUIRED) {
        setAskOtp(true);
        return setError(null);
      }
      // A failed login leaves no session behind (an answer without a token included).
      clearSession();
      setError(body.otp ? otpErrorMessage(e) : loginErrorMessage(e));
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!username.trim()) return setError(L.loginIdRequired);
    if (!password) return setError(L.loginPasswordRequired);
    if (askOtp && !otp.trim()) return setError(L.loginOtpRequired);
    setError(null);
    login.mutate({ username: username.trim(), password, ...(askOtp ? { otp: otp.trim() } : {}) });
  }

  function back() {
    setAskOtp(false);
    setOtp("");
    setPassword("");
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="admin-login-form">
      <Stack gap="4">
        {askOtp ? (
          <Field.Root>
            <Field.Label>{L.loginOtp}</Field.Label>
            <Input
              name="otp"
              autoComplete="one-time-code"
              placeholder={L.loginOtpPlaceholder}
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
              maxLength={20}
              autoFocus
              data-testid="admin-login-otp"
            />
            <Field.HelperText>{L.loginOtpHint}</Field.HelperText>
          </Field.Root>
        ) : (
          <>
            <Field.Root>
              <Field.Label>{L.loginId}</Field.Label>
              <Input
                name="username"
                autoComplete="username"
                placeholder={L.loginIdPlaceholder}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                maxLength={50}
                autoFocus
                data-testid="admin-login-id"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{L.loginPassword}</Field.Label>
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                placeholder={L.loginPasswordPlaceholder}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                maxLength={100}
                data-testid="admin-login-password"
              />
            </Field.Root>
          </>
        )}
        {error && (
          <Alert.Root status="error" role="alert" data-testid="admin-login-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={login.isPending} data-testid="admin-login-submit">
          {L.loginSubmit}
        </Button>
        {askOtp && (
          <Text textAlign="center" fontSize="sm">
            <Button variant="plain" size="sm" onClick={back} data-testid="admin-login-back">
              {L.loginBack}
            </Button>
          </Text>
        )}
      </Stack>
    </form>
  );
}
