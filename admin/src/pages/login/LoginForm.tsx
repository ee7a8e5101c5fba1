import { useState } from "react";
import { Alert, Button, Field, Input, Stack } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Code } from "@domain/codes";
import type { LoginAdminData } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { L } from "../../labels";

/** The message for a failed login: no matching user reads '사용자 정보를 확인해주세요', other codes show the server's message. */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.code === Code.BAD_REQUEST || e.code === Code.NOT_FOUND ? L.loginFailed : e.message;
  return L.loginFailed;
}

/** ID + password; empty fields are refused before any call (spec §5). */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (data: LoginAdminData) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({
    // The endpoint table (every schema) loads on submit, not with the login page.
    mutationFn: async (body: { username: string; password: string }) => (await import("../../api/endpoints")).callEndpoint("loginAdmin", body),
    onSuccess: onLoggedIn,
    onError: (e) => setError(loginErrorMessage(e)),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!username.trim()) return setError(L.loginIdRequired);
    if (!password) return setError(L.loginPasswordRequired);
    setError(null);
    login.mutate({ username: username.trim(), password });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="admin-login-form">
      <Stack gap="4">
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
        {error && (
          <Alert.Root status="error" role="alert" data-testid="admin-login-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={login.isPending} data-testid="admin-login-submit">
          {L.loginSubmit}
        </Button>
      </Stack>
    </form>
  );
}
