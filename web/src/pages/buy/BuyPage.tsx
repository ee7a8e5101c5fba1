import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { ResultType } from "@domain/constants";
import { buyFormSchema, type BuyForm } from "@domain/schemas/shared/forms";
import { purchasesApi } from "@domain/api/purchases";
import { callEndpoint } from "../../api/endpoint";
import { useBuyInfo } from "../../api/moneyQueries";
import { refreshMoney } from "../../api/refreshMoney";
import { LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { PasswordDialog } from "@common/PasswordDialog";
import { clearDraft, readDraft, writeDraft } from "../../lib/draft";
import { useLiveZodResolver } from "../../lib/zodForm";
import { BuyAmountStep } from "./BuyAmountStep";
import { ValidityCard } from "../../components/validity/ValidityCard";
import { BuyConfirmStep } from "./BuyConfirmStep";
import { BuyLabels as L } from "./buy.labels";
import type { BuyMethod } from "./BuyMethodPicker";

const DRAFT = "buy";

/**
 * /buy: amount, then (?step=confirm, a history entry) the deposit account and acknowledgements, then
 * the payment password. The amount survives a reload and a re-login in this tab.
 */
export default function BuyPage() {
  const info = useBuyInfo();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [askPassword, setAskPassword] = useState(false);
  const [method, setMethod] = useState<BuyMethod>(() => readDraft<{ method?: BuyMethod }>(`${DRAFT}-method`)?.method ?? "virtual");
  const pushedConfirm = useRef(false);
  const form = useForm<BuyForm>({
    resolver: useLiveZodResolver(buyFormSchema(info.data?.capacity)),
    defaultValues: { amount: readDraft<BuyForm>(DRAFT)?.amount ?? "" },
    mode: "onChange",
  });
  const amount = useWatch({ control: form.control, name: "amount" }) ?? "";
  const confirmStep = params.get("step") === "confirm" && amount !== "" && info.data !== undefined;

  useEffect(() => writeDraft(DRAFT, { amount }), [amount]);
  useEffect(() => writeDraft(`${DRAFT}-method`, { method }), [method]);
  // A reload on the confirm step re-checks the restored amount before showing the account again.
  useEffect(() => {
    if (params.get("step") !== "confirm" || !info.data) return;
    void form.trigger().then((ok) => !ok && setParams({}, { replace: true }));
  }, [info.data, params, form, setParams]);

  async function charge(password: string, idempotencyKey: string) {
    if (method === "linked") {
      // The bank debits and its notice issues at once; the answer says whether it already happened.
      const done = await callEndpoint(purchasesApi.buyLinked, { password, value: Number(amount) }, { idempotencyKey });
      refreshMoney(qc);
      clearDraft(DRAFT);
      setAskPassword(false);
      navigate(`/result?type=${done.state === "confirmed" ? ResultType.CHARGED : ResultType.CHARGE_PENDING}`, { replace: true });
      return;
    }
    const order = await callEndpoint(purchasesApi.buyCharge, { password, value: Number(amount), method }, { idempotencyKey });
    refreshMoney(qc);
    clearDraft(DRAFT);
    setAskPassword(false);
    // Result 6 shows what to deposit where and by when (kept in the history entry's state, so a reload keeps it):
    // the account the order recorded, not the one this page loaded (an operator may have changed the main one).
    const deposit = { id: order.id, value: order.value, expiredAt: order.expiredAt, bank: order.bankInfo };
    navigate(`/result?type=${ResultType.BUY_REQUESTED}`, { replace: true, state: { deposit } });
  }

  return (
    <PageFrame title={L.title} maxW="2xl">
      <ValidityCard compact />
      {info.isError && <LoadError message={info.error.message} onRetry={() => void info.refetch()} retrying={info.isFetching} />}
      {confirmStep ? (
        <BuyConfirmStep
          value={Number(amount)}
          bankInfo={info.isFetching ? undefined : (info.data?.bankInfo ?? null)}
          linkedAccount={info.data?.linkedAccount ?? null}
          method={method}
          onMethod={setMethod}
          onPrev={() => (pushedConfirm.current ? navigate(-1) : setParams({}, { replace: true }))}
          onSubmit={() => setAskPassword(true)}
        />
      ) : (
        <BuyAmountStep
          info={info.data}
          form={form}
          onNext={() => {
            // The confirm step shows the account to deposit to: read it again (an operator may have changed the
            // main account since this page loaded; the order records the one current when it is made).
            void info.refetch();
            pushedConfirm.current = true;
            setParams({ step: "confirm" });
          }}
        />
      )}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={charge} />
    </PageFrame>
  );
}
