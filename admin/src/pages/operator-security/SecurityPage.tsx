import { useState } from "react";
import { Heading, Stack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Msg } from "@domain/messages";
import type { TotpEnabled, TotpDisabled, TotpSetup } from "@domain/schemas/operator-security";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { saveSession, useSession } from "../../api/session";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { SecurityDisableDialog } from "./SecurityDisableDialog";
import { SecurityEnrolCard } from "./SecurityEnrolCard";
import { SecurityRecoveryCodes } from "./SecurityRecoveryCodes";
import { SecurityStatusCard } from "./SecurityStatusCard";

const STATUS_KEY = ["operation", "security"] as const;
const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });

/**
 * /admin/security (내 보안 설정), every operator's own: two-factor login. Enrolling shows a QR code and the secret,
 * confirmed by a first code; the recovery codes are shown once. Turning it on or off ends the operator's other
 * sessions and gives this one a new token.
 */
export function SecurityPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { account } = useSession();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => callEndpoint("securityStatus", undefined, { signal }) });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  // A session limited to enrolling goes on to the operator's landing screen once the codes are kept.
  const [wasEnrolOnly] = useState(Boolean(account?.enrolOnly));

  const start = useMutation({ mutationFn: () => callEndpoint("totpSetup"), onSuccess: setSetup, onError: fail });

  function renewed(token: { accessToken: string; expiredAt: string }, enrolOnly?: true) {
    if (!account) return;
    saveSession(token.accessToken, token.expiredAt, { ...account, enrolOnly });
    void qc.invalidateQueries({ queryKey: STATUS_KEY });
  }
  function enabled(data: TotpEnabled) {
    renewed(data);
    setSetup(null);
    setCodes(data.recoveryCodes);
    snack(Msg.otpEnabled, { type: "success" });
  }
  function disabled(data: TotpDisabled) {
    renewed(data, data.enrolOnly);
    setDisabling(false);
    snack(Msg.otpDisabled, { type: "success" });
  }

  return (
    <Stack gap="4" maxW="3xl">
      <Heading size="lg" data-testid="admin-page-title">
        {L.security.title}
      </Heading>
      {codes ? (
        <SecurityRecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            if (wasEnrolOnly) void navigate("/", { replace: true });
          }}
        />
      ) : setup ? (
        <SecurityEnrolCard setup={setup} onEnabled={enabled} onCancel={() => setSetup(null)} />
      ) : (
        <SecurityStatusCard
          status={status.data}
          error={status.isError ? status.error.message : null}
          starting={start.isPending}
          onStart={() => start.mutate()}
          onDisable={() => setDisabling(true)}
        />
      )}
      <SecurityDisableDialog open={disabling} onClose={() => setDisabling(false)} onDisabled={disabled} />
    </Stack>
  );
}
