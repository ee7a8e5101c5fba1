import { SMALL_VOUCHER_MAX_WON } from "@domain/policy/refund";
import { useState } from "react";
import { Button, Field, Input, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { AmountInput } from "../../components/AmountInput";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { refundsApi } from "@domain/api/refunds";
import { formatDate, formatDateTime, formatWon } from "@domain/format";
import { callEndpoint } from "../../api/endpoint";
import { refreshMoney } from "../../api/refreshMoney";
import { PageFrame } from "../../components/PageFrame";
import { PasswordDialog } from "@common/PasswordDialog";
import { RefundLabels as L } from "./refund.labels";

/**
 * /info/refund (마이페이지 잔액 환불): what is refundable now and why (the rule, the amount, any deduction), an account in
 * the member's verified name (the holder check), the amount, then the payment password; below, the member's refunds.
 */
export default function RefundPage() {
  const qc = useQueryClient();
  const info = useQuery({ queryKey: ["refund"], queryFn: () => callEndpoint(refundsApi.refundInfo, undefined) });
  const history = useQuery({ queryKey: ["refund-history"], queryFn: () => callEndpoint(refundsApi.refundHistory, { page: 1 }) });
  const [bank, setBank] = useState("");
  const [account, setAccount] = useState("");
  const [amount, setAmount] = useState("");
  const [checked, setChecked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const q = info.data;

  async function checkHolder() {
    setError(null);
    try {
      const r = await callEndpoint(refundsApi.refundHolderCheck, { bank, account });
      setChecked(r.holderName);
    } catch (e) {
      setChecked(null);
      setError((e as Error).message);
    }
  }

  async function request(password: string, idempotencyKey: string) {
    await callEndpoint(refundsApi.refundRequest, { bank, account, value: Number(amount), password }, { idempotencyKey });
    setAskPassword(false);
    refreshMoney(qc);
    void info.refetch();
    void history.refetch();
  }

  return (
    <PageFrame title={L.title} maxW="2xl">
      {q && (
        <Stack gap="2" data-testid="refund-quote">
          <Text>
            {L.balance}: {formatWon(q.balance)}원 · {L.used}: {q.usedPercent}% ({L.required} {q.requiredPercent}%)
          </Text>
          <Text data-testid="refund-rule">
            {L.rule}: {q.ruleLabel}
          </Text>
          {q.fullRight && (
            <Text color="fg.success" data-testid="refund-full-right">
              {q.fullRight.reason} · {L.fullRightUntil(formatDate(q.fullRight.until))}{" "}
              <Link asChild color="teal.700" textDecoration="underline">
                <RouterLink to={`/changes/${q.fullRight.changeId}`}>{L.fullRightLink}</RouterLink>
              </Link>
            </Text>
          )}
          {q.rule === "notYet" && q.moreToUse > 0 && (
            <Text color="fg.warning" data-testid="refund-more-to-use">
              {L.notYet(formatWon(q.moreToUse), q.requiredPercent, q.loaded <= SMALL_VOUCHER_MAX_WON)}
            </Text>
          )}
          <Text fontWeight="bold" data-testid="refund-refundable">
            {L.refundable}: {formatWon(q.refundable)}원 {q.deduction > 0 ? `(${L.deduction} ${formatWon(q.deduction)}원)` : ""}
          </Text>
          {q.open && (
            <Text data-testid="refund-open">
              {L.open}: {q.open.orderNo} {formatWon(q.open.value)}원 {q.open.stateLabel}
            </Text>
          )}
        </Stack>
      )}
      {q && q.refundable > 0 && (
        <Stack gap="3" mt="4">
          <Text>
            {L.holder}: {q.holderName}
          </Text>
          <Field.Root>
            <Field.Label>{L.bank}</Field.Label>
            <Input value={bank} onChange={(e) => (setBank(e.target.value), setChecked(null))} data-testid="refund-bank" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{L.account}</Field.Label>
            <Input
              value={account}
              inputMode="numeric"
              onChange={(e) => (setAccount(e.target.value), setChecked(null))}
              data-testid="refund-account"
            />
          </Field.Root>
          <Button variant="outline" onClick={() => void checkHolder()} disabled={!bank || !account} data-testid="refund-holder-check">
            {L.check}
          </Button>
          {checked && <Text data-testid="refund-holder-ok">{L.checked(checked)}</Text>}
          {error && (
            <Text color="fg.error" data-testid="refund-error">
              {error}
            </Text>
          )}
          <Field.Root>
            <Field.Label>{L.amount}</Field.Label>
            <AmountInput value={amount} onChange={setAmount} data-testid="refund-amount" />
          </Field.Root>
          <Button
            colorPalette="blue"
            disabled={!checked || !amount || Number(amount) > q.refundable}
            onClick={() => setAskPassword(true)}
            data-testid="refund-submit"
          >
            {L.submit}
          </Button>
        </Stack>
      )}
      <Stack gap="1" mt="6" data-testid="refund-history">
        <Text fontWeight="bold">{L.history}</Text>
        {history.data?.list.map((r) => (
          <Text key={r.orderNo} data-testid="refund-history-row">
            {formatDateTime(r.createdAt)} {r.kindLabel} {formatWon(r.value)}원 {r.stateLabel}
            {r.rejectReason ? ` (${r.rejectReason})` : ""}
          </Text>
        ))}
        {history.data?.list.length === 0 && <Text>{L.none}</Text>}
      </Stack>
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={request} />
    </PageFrame>
  );
}
