import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { VerifyCode } from "@domain/constants";
import { ResultType } from "@domain/constants";
import { Msg } from "@domain/messages";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { memberSelfApi } from "@domain/api/members";
import { callEndpoint } from "../../api/endpoint";
import { renewSession } from "../../api/session";
import { PasswordSetForm } from "../../components/PasswordSetForm";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { useVerify } from "../../lib/useVerify";

/** Password change: re-verification popup; code 1417 opens the reset dialog here, anything else → result 3. */
export function InfoPasswordChange() {
  const navigate = useNavigate();
  const [keyInfo, setKeyInfo] = useState<string | null>(null);
  const reauth = useVerify("reauth", (m) => {
    if (m.code === VerifyCode.ALREADY_MEMBER) setKeyInfo(m.key);
    else navigate(`/result?type=${ResultType.INVALID}`);
  });
  const reset = useMutation({
    mutationFn: (password: string) => callEndpoint(memberSelfApi.passwordReset, { key_info: keyInfo ?? "", password }),
    onSuccess: (data) => {
      // The reset ended every session from before it; this one goes on with the token the answer carries.
      renewSession(data);
      setKeyInfo(null);
      snack(Msg.passwordChanged, { type: "success" });
    },
    onError: () => snack(Msg.passwordResetFailed, { type: "error" }),
  });

  return (
    <>
      <Button variant="outline" onClick={reauth.start} loading={reauth.waiting} data-testid="info-change-password">
        {L.info.changePassword}
      </Button>
      <Dialog.Root open={keyInfo !== null} onOpenChange={(e) => !e.open && setKeyInfo(null)} placement="center" size="sm">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="info-reset-dialog">
              <Dialog.Header>
                <Dialog.Title>{L.info.resetTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <PasswordSetForm onSubmit={(p) => reset.mutate(p)} loading={reset.isPending} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
