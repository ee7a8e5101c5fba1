import { useState } from "react";
import { Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ResultType } from "@domain/constants";
import { balanceKey } from "../../api/balance";
import { callApi } from "../../api/endpoint";
import { moneyApi, moneyKeys, useBuyInfo } from "../../api/moneyApi";
import { PageFrame } from "../../components/PageFrame";
import { PasswordDialog } from "@common/PasswordDialog";
import { BuyAmountStep } from "./BuyAmountStep";
import { BuyConfirmStep } from "./BuyConfirmStep";
import { BuyLabels as L } from "./buyLabels";

/** /buy: amount, then deposit account and acknowledgements, then the payment password. */
export default function BuyPage() {
  const info = useBuyInfo();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [amount, setAmount] = useState("");
  const [askPassword, setAskPassword] = useState(false);

  async function charge(password: string, idempotencyKey: string) {
    await callApi(moneyApi.charge, { body: { password, value: Number(amount) }, idempotencyKey });
    for (const queryKey of [balanceKey, moneyKeys.buyInfo, moneyKeys.historyAll]) void qc.invalidateQueries({ queryKey });
    setAskPassword(false);
    navigate(`/result?type=${ResultType.BUY_REQUESTED}`);
  }

  return (
    <PageFrame title={L.title} maxW="2xl">
      {info.isError && (
        <Text color="fg.error" mb="4" role="alert">
          {info.error.message}
        </Text>
      )}
      {step === 1 ? (
        <BuyAmountStep info={info.data} amount={amount} onAmountChange={setAmount} onNext={() => setStep(2)} />
      ) : (
        <BuyConfirmStep
          value={Number(amount)}
          bankInfo={info.data?.bankInfo ?? null}
          onPrev={() => setStep(1)}
          onSubmit={() => setAskPassword(true)}
        />
      )}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={charge} />
    </PageFrame>
  );
}
