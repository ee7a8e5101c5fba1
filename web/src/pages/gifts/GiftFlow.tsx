import { useEffect, useRef, useState } from "react";
import { Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { giftFormSchema, type GiftForm } from "@domain/schemas/shared/forms";
import { Msg } from "@domain/messages";
import { useBalance } from "../../api/balance";
import { refreshMoney } from "../../api/refreshMoney";
import { PasswordDialog } from "@common/PasswordDialog";
import { RecentList } from "../../components/RecentList";
import { LoadError } from "../../components/ListState";
import { snack, SNACK_SEND_MS } from "../../components/ui/toaster";
import { clearDraft, readDraft, writeDraft } from "../../lib/draft";
import { useLiveZodResolver } from "../../lib/zodForm";
import { GiftConfirmStep } from "./GiftConfirmStep";
import { SEND_KINDS, type Counterpart } from "./giftKinds";
import { GiftRequestStep } from "./GiftRequestStep";

/** The looked-up counterpart and the recipient text it was looked up for. */
interface Checked extends Counterpart {
  for: string;
}
interface GiftDraft {
  form: GiftForm;
  checked: Checked | null;
}

const EMPTY: GiftForm = { mode: "address", recipient: "", amount: "" };

/**
 * /send/gift and /send/use: request step → confirm step (?step=confirm, a history entry, so Back
 * returns to the filled form) → payment password → result 7 or 8. The form and the looked-up
 * recipient survive a reload and a re-login in this tab (sessionStorage); the password never does.
 */
export function GiftFlow({ kind }: { kind: "gift" | "use" }) {
  const cfg = SEND_KINDS[kind];
  const draftName = `send-${kind}`;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const balanceQuery = useBalance();
  const balance = balanceQuery.data?.balance;
  const [initial] = useState(() => readDraft<GiftDraft>(draftName));
  const [checked, setChecked] = useState<Checked | null>(initial?.checked ?? null);
  const [looking, setLooking] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const pushedConfirm = useRef(false);

  const form = useForm<GiftForm>({
    resolver: useLiveZodResolver(giftFormSchema(kind, balance)),
    defaultValues: { ...EMPTY, ...initial?.form },
    mode: "onChange",
  });
  const values = { ...EMPTY, ...useWatch({ control: form.control }) } as GiftForm;
  const recipientKey = `${values.mode}:${values.recipient.trim()}`;
  // The confirm step needs a lookup of the recipient now in the form; otherwise it shows the request step.
  const counterpart = checked && checked.for === recipientKey ? checked : null;
  const confirmStep = params.get("step") === "confirm" && counterpart !== null;

  const draft = JSON.stringify({ form: values, checked: counterpart } satisfies GiftDraft);
  useEffect(() => writeDraft(draftName, JSON.parse(draft)), [draftName, draft]);

  async function lookup(v: GiftForm) {
    if (balance === undefined || looking) return;
    setLooking(true);
    try {
      const found = await cfg.lookup(v);
      setChecked({ ...found, for: `${v.mode}:${v.recipient.trim()}` });
      pushedConfirm.current = true;
      setParams({ step: "confirm" });
    } catch (err) {
      snack(cfg.lookupError(err, v), { type: "error", duration: SNACK_SEND_MS });
    } finally {
      setLooking(false);
    }
  }

  function back() {
    // Leave the confirm step the way Back does, unless this page was opened on it (reload): then replace.
    if (pushedConfirm.current) navigate(-1);
    else setParams({}, { replace: true });
  }

  async function pay(password: string, idempotencyKey: string) {
    if (!counterpart) return;
    const done = await cfg.pay(counterpart, Number(values.amount), password, idempotencyKey);
    // Sent but not yet confirmed (a slow chain): the result page follows, and the member is told it is on its way.
    if (done.status === "pending") snack(Msg.paymentPending, { type: "info", duration: SNACK_SEND_MS });
    refreshMoney(qc);
    clearDraft(draftName);
    setAskPassword(false);
    // Replace the confirm entry: Back from the result must not offer the paid form again.
    navigate(`/result?type=${cfg.result}`, { replace: true });
  }

  return (
    <Stack gap="10">
      {/* Without the balance the amount cannot be checked: say so, with a retry (not a skeleton forever). */}
      {balanceQuery.isError && balance === undefined && (
        <LoadError message={balanceQuery.error.message} onRetry={() => void balanceQuery.refetch()} retrying={balanceQuery.isFetching} />
      )}
      {confirmStep ? (
        <GiftConfirmStep
          cfg={cfg}
          counterpart={counterpart}
          value={Number(values.amount)}
          onPrev={back}
          onConfirm={() => setAskPassword(true)}
        />
      ) : (
        <GiftRequestStep cfg={cfg} form={form} values={values} balance={balance} busy={looking} onNext={lookup} />
      )}
      {!confirmStep && (
        <RecentList
          type={cfg.recent}
          onPick={(address) => {
            form.setValue("mode", "address");
            form.setValue("recipient", address, { shouldValidate: true, shouldTouch: true });
          }}
        />
      )}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={pay} snackDuration={SNACK_SEND_MS} />
    </Stack>
  );
}
