import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import { ResultType } from "@domain/constants";
import { Msg } from "@domain/messages";
import { useMutation } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { memberSelfApi } from "@domain/api/members";
import { callEndpoint } from "../../api/endpoint";
import { renewSession } from "../../api/session";
import { ApiError } from "../../api/client";
import { Code } from "@domain/codes";
import { PasswordSetForm } from "../../components/PasswordSetForm";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { usePageTitle } from "../../lib/usePageTitle";

/** /password?key_info=…[&reauth=1][&r_phone=…]: set the first password (sign-up) or reset it. */
export default function PasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const keyInfo = params.get("key_info") ?? "";
  const reauth = params.has("reauth") && params.get("reauth") !== "0";
  const phone = params.get("r_phone") ?? undefined;
  usePageTitle(reauth ? L.password.titleReset : L.password.titleSignup);

  const submit = useMutation({
    mutationFn: async (password: string) => {
      if (!reauth) return void (await callEndpoint(memberSelfApi.signup, { key_info: keyInfo, password }));
      // Signed in, the reset keeps this session with the new token it answers.
      renewSession(await callEndpoint(memberSelfApi.passwordReset, { key_info: keyInfo, password, ...(phone ? { phone } : {}) }));
    },
    onSuccess: () => navigate(`/result?type=${reauth ? ResultType.PASSWORD_CHANGED : ResultType.SIGNUP_DONE}`, { replace: true }),
    onError: (e) => {
      // A key that no longer verifies anyone (expired after 10 minutes, used) will not pass on a retry: the
      // verification failed page (result 3) leads back to a new one.
      if (e instanceof ApiError && e.code === Code.BAD_REQUEST && e.message === Msg.verifyInvalid)
        return navigate(`/result?type=${ResultType.INVALID}`, { replace: true });
      snack(reauth ? Msg.passwordResetFailed : Msg.signupFailed, { type: "error" });
    },
  });

  return (
    <Container maxW="sm" pt={{ base: "24", md: "32" }} pb="20">
      <Stack
        gap="6"
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: "6", md: "8" }}
        data-testid="password-page"
        data-mode={reauth ? "reauth" : "signup"}
      >
        <Heading size="xl">{reauth ? L.password.titleReset : L.password.titleSignup}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {L.password.intro}
        </Text>
        <PasswordSetForm onSubmit={(p) => submit.mutate(p)} loading={submit.isPending} />
      </Stack>
    </Container>
  );
}
