import { useState } from "react";
import { Button, Checkbox, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { refundsApi } from "@domain/api/refunds";
import { Code } from "@domain/codes";
import { ResultType, VerifyCode } from "@domain/constants";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { PasswordDialog } from "@common/PasswordDialog";
import { ApiError } from "../../api/client";
import { callEndpoint } from "../../api/endpoint";
import { clearSession } from "../../api/session";
import { ListSkeleton, LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { clearAllDrafts } from "../../lib/draft";
import { useVerify } from "../../lib/useVerify";
import { CloseRefundAccount, type CheckedAccount } from "./CloseRefundAccount";
import { CloseLabels as L } from "./close.labels";

/**
 * /info/close (회원 탈퇴, from my info): identity re-verification (the reauth popup), the balance and what its closing
 * refund pays (GET /api/account/close), an account in the member's verified name for it (the holder check) or, for a
 * balance at or below the refund fee, the explicit forfeit; a confirm dialog, then the payment password (payment
 * lockout) sends POST /api/account/close; closed, the session ends and the result page says so. The server checks
 * every step again.
 */
export default function ClosePage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ["account-close"], queryFn: () => callEndpoint(refundsApi.accountCloseInfo, undefined) });
  const [keyInfo, setKeyInfo] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [account, setAccount] = useState<CheckedAccount | null>(null);
  const [forfeit, setForfeit] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reauth = useVerify("reauth", (m) => {
    if (m.code === VerifyCode.ALREADY_MEMBER) {
      setKeyInfo(m.key);
      setVerifyError(null);
    } else setVerifyError(Msg.verifyInvalid);
  });

  const q = info.data;
  const refunds = q !== undefined && q.refundable > 0;
  const blocked = q !== undefined && (q.openRefund || q.pendingBuy);
  const ready = keyInfo !== null && agreed && !blocked && (!refunds || account !== null) && (!q?.canForfeit || forfeit);

  async function close(password: string) {
    try {
      await callEndpoint(refundsApi.accountClose, {
        key_info: keyInfo ?? "",
        password,
        ...(refunds && account ? { bank: account.bank, account: account.account } : {}),
        ...(q?.canForfeit ? { forfeit: true } : {}),
      });
    } catch (e) {
      // A wrong password stays in the dialog (tries left); any other refusal is written on the page as well.
      if (!(e instanceof ApiError && e.code === Code.BAD_REQUEST && e.message === Msg.passwordWrong)) setError((e as Error).message);
      throw e;
    }
    setAskPassword(false);
    // The server ended every session of the account: this one is cleared here, and the result page loads afresh
    // (no signed-in screen, cache or member socket of the closed account survives; the login guard cannot race it).
    clearSession();
    clearAllDrafts();
    qc.clear();
    window.location.replace(`/result?type=${ResultType.ACCOUNT_CLOSED}`);
  }

  return (
    <PageFrame title={L.title} maxW="2xl">
      {info.isPending ? (
        <ListSkeleton rows={4} />
      ) : info.isError ? (
        <LoadError message={info.error.message} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      ) : (
        <Stack gap="6" data-testid="close-page">
          <Text color="fg.muted">{L.intro}</Text>
          {q!.openRefund && (
            <Stack gap="2" role="alert" data-testid="close-blocked">
              <Text color="fg.error">{L.refundOpen}</Text>
              <Button alignSelf="start" size="sm" variant="outline" onClick={() => navigate("/info/refund")}>
                {L.toRefund}
              </Button>
            </Stack>
          )}
          {q!.pendingBuy && (
            <Stack gap="2" role="alert" data-testid="close-blocked">
              <Text color="fg.error">{L.buyPending}</Text>
              <Button alignSelf="start" size="sm" variant="outline" onClick={() => navigate("/info/history?tab=1")}>
                {L.toHistory}
              </Button>
            </Stack>
          )}

          <Stack gap="3" as="section" aria-labelledby="close-step-verify">
            <Heading as="h2" size="md" id="close-step-verify">
              {L.stepVerify}
            </Heading>
            {keyInfo ? (
              <Text color="fg.success" data-testid="close-verified">
                {L.verified}
              </Text>
            ) : (
              <>
                <Text>{L.verifyHint}</Text>
                <Button
                  alignSelf="start"
                  variant="outline"
                  onClick={reauth.start}
                  loading={reauth.waiting}
                  disabled={blocked}
                  data-testid="close-verify"
                >
                  {L.verify}
                </Button>
              </>
            )}
            {verifyError && (
              <Text color="fg.error" role="alert" data-testid="close-verify-error">
                {verifyError}
              </Text>
            )}
          </Stack>

          <Stack gap="3" as="section" aria-labelledby="close-step-balance">
            <Heading as="h2" size="md" id="close-step-balance">
              {L.stepBalance}
            </Heading>
            <Text data-testid="close-balance">
              {L.balance}: {formatWon(q!.balance)}원
            </Text>
            {q!.balance === 0 ? (
              <Text color="fg.muted">{L.noBalance}</Text>
            ) : refunds ? (
              <>
                <Text fontWeight="bold" data-testid="close-refundable">
                  {L.refundable}: {formatWon(q!.refundable)}원{q!.fee > 0 ? ` (${L.fee} ${formatWon(q!.fee)}원)` : ""}
                </Text>
                {q!.fullRight && (
                  <Text fontSize="sm" color="fg.success" data-testid="close-full-right">
                    {L.fullRight(q!.fullRight.title)}
                  </Text>
                )}
                {q!.expired && !q!.fullRight && (
                  <Text fontSize="sm" data-testid="close-expired">
                    {L.expired(formatWon(q!.deduction))}
                  </Text>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {L.refundHint(q!.holderName)}
                </Text>
                {keyInfo && !blocked && <CloseRefundAccount onChecked={setAccount} />}
              </>
            ) : (
              <Checkbox.Root checked={forfeit} onCheckedChange={(e) => setForfeit(e.checked === true)} data-testid="close-forfeit">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{L.forfeit(formatWon(q!.balance))}</Checkbox.Label>
              </Checkbox.Root>
            )}
          </Stack>

          <Stack gap="3" as="section" aria-labelledby="close-step-confirm">
            <Heading as="h2" size="md" id="close-step-confirm">
              {L.stepConfirm}
            </Heading>
            <Checkbox.Root checked={agreed} onCheckedChange={(e) => setAgreed(e.checked === true)} data-testid="close-agree">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{L.agree}</Checkbox.Label>
            </Checkbox.Root>
            {error && (
              <Text color="fg.error" role="alert" data-testid="close-error">
                {error}
              </Text>
            )}
            <Button
              alignSelf="start"
              colorPalette="red"
              disabled={!ready}
              onClick={() => (setError(null), setConfirming(true))}
              data-testid="close-submit"
            >
              {L.submit}
            </Button>
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        message={L.confirm(refunds ? formatWon(q!.refundable) : null)}
        onClose={() => setConfirming(false)}
        onConfirm={() => (setConfirming(false), setAskPassword(true))}
        testId="close-confirm"
      />
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={close} />
    </PageFrame>
  );
}
