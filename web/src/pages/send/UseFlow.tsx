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
import { moneyApi, moneyKeys, type MarketShop } from "../../api/moneyApi";
import { PasswordDialog } from "@common/PasswordDialog";
import { RecentList } from "../../components/RecentList";
import { snack, SNACK_SEND_MS } from "../../components/ui/toaster";
import { UseConfirmStep } from "./UseConfirmStep";
import { UseRequestStep, type UseForm } from "./UseRequestStep";

/** /send/use: request step (market address check), confirm step, payment password, result 8. */
export function UseFlow() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const balance = useBalance();
  const [form, setForm] = useState<UseForm>({ address: "", amount: "" });
  const [shop, setShop] = useState<MarketShop | null>(null);
  const [checking, setChecking] = useState(false);
  const [askPassword, setAskPassword] = useState(false);

  async function check() {
    setChecking(true);
    try {
      setShop(await callApi(moneyApi.marketCheck, { body: { address: form.address.trim() } }));
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.code === Code.NOT_MARKET_ADDRESS ? Msg.notMarketAddress : err.message) : Msg.serverError;
      snack(message, { type: "error", duration: SNACK_SEND_MS });
    } finally {
      setChecking(false);
    }
  }

  async function pay(password: string, idempotencyKey: string) {
    if (!shop) return;
    const body = { opponentAddress: shop.address, kind: 0 as const, type: TradeType.USE, value: Number(form.amount), password };
    await callApi(moneyApi.use, { body, idempotencyKey });
    void qc.invalidateQueries({ queryKey: balanceKey });
    void qc.invalidateQueries({ queryKey: moneyKeys.historyAll });
    setAskPassword(false);
    navigate(`/result?type=${ResultType.USE_DONE}`);
  }

  return (
    <Stack gap="10">
      {shop ? (
        <UseConfirmStep shop={shop} value={Number(form.amount)} onPrev={() => setShop(null)} onConfirm={() => setAskPassword(true)} />
      ) : (
        <UseRequestStep
          form={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          balance={balance.data?.balance}
          busy={checking}
          onNext={check}
        />
      )}
      {!shop && <RecentList type={2} onPick={(address) => setForm((f) => ({ ...f, address }))} />}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={pay} snackDuration={SNACK_SEND_MS} />
    </Stack>
  );
}
