import { Alert, Container, Heading, Stack } from "@chakra-ui/react";
import { Code } from "@domain/codes";
import { Msg, withTriesLeft } from "@domain/messages";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { memberSelfApi } from "@domain/api/members";
import { ApiError } from "../../api/client";
import { ContractError } from "@common/endpoint-client";
import { callEndpoint } from "../../api/endpoint";
import { clearSession, saveSession, takeExpiredNote } from "../../api/session";
import { clearAllDrafts } from "../../lib/draft";
import { AlertDialog } from "@common/ConfirmDialog";
import { returnPath } from "../../components/guards";
import { L } from "../../labels";
import { forgetRememberedPhone, saveRememberedPhone } from "../../lib/rememberPhone";
import { usePageTitle } from "../../lib/usePageTitle";
import { useVerify } from "../../lib/useVerify";
import { reauthTarget } from "../../lib/verifyPopup";
import { LoginForm, type LoginValues } from "./LoginForm";

/**
 * 400, an answer without its token (a contract error: code 200, no accessToken) and any unreadable failure → the
 * spec's login error; 423 / 403 and others → the server's message.
 */
function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError && !(err instanceof ContractError) && err.code !== Code.BAD_REQUEST && err.code !== Code.OK)
    return err.message;
  // The server counts tries for any phone, member or not, so this says nothing about membership.
  const left = err instanceof ApiError ? (err.data as { triesLeft?: unknown } | undefined)?.triesLeft : undefined;
  return typeof left === "number" ? withTriesLeft(Msg.loginFailed, left) : Msg.loginFailed;
}

export default function LoginPage() {
  usePageTitle(L.login.title);
  const navigate = useNavigate();
  const location = useLocation();
  const [expired] = useState(takeExpiredNote);
  const [error, setError] = useState<string | null>(null);
  const reauth = useVerify("reauth", (m) => navigate(reauthTarget(m)));

  const login = useMutation({
    mutationFn: async (v: LoginValues) => {
      const data = await callEndpoint(memberSelfApi.loginUser, { username: v.phone, password: v.password });
      if (!data?.accessToken) throw new ApiError(Code.BAD_REQUEST, Msg.loginFailed);
      return data;
    },
    onSuccess: async (data, v) => {
      if (v.remember) await saveRememberedPhone(v.phone);
      else forgetRememberedPhone();
      // Someone else in this tab: the previous person's unfinished forms are not theirs.
      if (sessionStorage.getItem("krw-last-phone") !== v.phone) clearAllDrafts();
      sessionStorage.setItem("krw-last-phone", v.phone);
      saveSession(data.accessToken, data.expiredAt, data.account);
      navigate(returnPath(location.state), { replace: true });
    },
    onError: (err) => {
      clearSession();
      setError(loginErrorMessage(err));
    },
  });

  return (
    <Container maxW="sm" pt={{ base: "24", md: "32" }} pb="20">
      <Stack gap="6" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "6", md: "8" }} data-testid="login-page">
        <Heading size="2xl" textAlign="center">
          {L.login.title}
        </Heading>
        {expired && (
          <Alert.Root status="warning" data-testid="login-expired">
            <Alert.Indicator />
            <Alert.Title>{Msg.sessionExpired}</Alert.Title>
          </Alert.Root>
        )}
        <LoginForm
          onSubmit={(v) => login.mutate(v)}
          loading={login.isPending}
          onFindPassword={reauth.start}
          findingPassword={reauth.waiting}
        />
      </Stack>
      <AlertDialog message={error} onClose={() => setError(null)} testId="login-error" />
    </Container>
  );
}
