import { useState } from "react";
import { Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Code } from "@domain/codes";
import { ResultType, TradeType } from "@domain/constants";
import { Msg } from "@domain/messages";
import { balanceKey, useBalance } from "../../api/balance";
import { ApiError } from "../../api/client";
import { callApi } from "../../api/endpoint";
import { moneyApi, moneyKeys, type LookedUpUser } from "../../api/moneyApi";
import { PasswordDialog } from "@common/PasswordDialog";
import { RecentList } from "../../components/RecentList";
import { snack, SNACK_SEND_MS } from "../../components/ui/toaster";
import { GiftConfirmStep } from "./GiftConfirmStep";
import { GiftRequestStep, type GiftForm } from "./GiftRequestStep";

/** /send/gift: request step (lookup of the recipient), confirm step, payment password, result 7. */
export function GiftFlow() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const balance = useBalance();
  const [form, setForm] = useState<GiftForm>({ mode: "address", recipient: "", amount: "" });
  const [recipient, setRecipient] = useState<LookedUpUser | null>(null);
  const [looking, setLooking] = useState(false);
  const [askPassword, setAskPassword] = useState(false);

  async function lookup() {
    setLooking(true);
    try {
      const body = form.mode === "phone" ? { phonenumber: form.recipient } : { address: form.recipient.trim() };
      setRecipient(await callApi(moneyApi.lookupUser, { body }));
    } catch (err) {
      const notFound = form.mode === "phone" ? Msg.recipientPhoneNotFound : Msg.recipientAddressNotFound;
      const message = err instanceof ApiError ? (err.code === Code.SERVER_ERROR ? notFound : err.message) : Msg.serverError;
      snack(message, { type: "error", duration: SNACK_SEND_MS });
    } finally {
      setLooking(false);
    }
  }

  async function pay(password: string, idempotencyKey: string) {
    if (!recipient) return;
    const body = { opponentAddress: recipient.address, kind: 0 as const, type: TradeType.GIFT, value: Number(form.amount), password };
    await callApi(moneyApi.gift, { body, idempotencyKey });
    void qc.invalidateQueries({ queryKey: balanceKey });
    void qc.invalidateQueries({ queryKey: moneyKeys.historyAll });
    setAskPassword(false);
    navigate(`/result?type=${ResultType.GIFT_DONE}`);
  }

  return (
    <Stack gap="10">
      {recipient ? (
        <GiftConfirmStep
          recipient={recipient}
          value={Number(form.amount)}
          onPrev={() => setRecipient(null)}
          onConfirm={() => setAskPassword(true)}
        />
      ) : (
        <GiftRequestStep
          form={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          balance={balance.data?.balance}
          busy={looking}
          onNext={lookup}
        />
      )}
      {!recipient && (
        <RecentList
          type={3}
          onPick={(address) => setForm((f) => ({ ...f, mode: "address", recipient: address }))}
        />
      )}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={pay} snackDuration={SNACK_SEND_MS} />
    </Stack>
  );
}
