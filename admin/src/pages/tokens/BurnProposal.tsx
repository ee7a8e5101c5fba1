import { useState } from "react";
import { Button, Field, NativeSelect, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { allowsArea } from "@domain/admin-access";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { proposalReason } from "@domain/schemas/proposals";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { endpointQuery } from "../../api/queries";
import { useSession } from "../../api/session";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { ReasonField, WonField } from "../../components/dialogs/FormFields";
import { snack } from "../../components/ui/toaster";
import { useProposalCreated } from "../proposals/useProposalCreated";

const B = {
  open: "소각 요청",
  title: "토큰 소각 요청",
  from: "소각할 운영 지갑",
  pick: "지갑 선택",
  amount: "소각 금액(원)",
  reason: "사유",
  note: "정산 외 소각은 다른 관리자의 승인 후 체인에서 실행됩니다. 승인 전에는 아무것도 움직이지 않습니다.",
} as const;

const burnForm = z.object({
  from: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.required }),
  value: z
    .string()
    .regex(/^\d{1,15}$/, { error: Msg.tokenAmountInvalid })
    .transform((v) => Number(v))
    .refine((n) => n >= 1, { error: Msg.tokenAmountInvalid }),
  reason: proposalReason,
});

/**
 * A burn outside settlement (issue 35, dual control): a super admin proposes burning from an operator wallet with
 * a reason; another operator approves it on 승인 요청 and only then the burn is sent.
 */
export function BurnProposalButton() {
  const { account } = useSession();
  const may = !!account && allowsArea("proposalControl", account);
  const [open, setOpen] = useState(false);
  const wallets = useQuery({ ...endpointQuery("walletList"), enabled: may && open });
  const proposalCreated = useProposalCreated();
  if (!may) return null;
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)} data-testid="token-burn-open">
        {B.open}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={B.title}
        schema={burnForm}
        defaultValues={{ from: "", value: "", reason: "" }}
        testId="token-burn-dialog"
        onSubmit={async (body) => {
          try {
            const r = await callEndpoint("propose", { kind: "burn", payload: { from: body.from, value: body.value }, reason: body.reason });
            setOpen(false);
            proposalCreated(r.proposal);
          } catch (e) {
            snack(e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, { type: "error" });
          }
        }}
      >
        {(form) => (
          <>
            <Text fontSize="sm" color="fg.muted">
              {B.note}
            </Text>
            <Field.Root required invalid={Boolean(form.formState.errors.from)}>
              <Field.Label>{B.from}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register("from")} data-testid="token-burn-from">
                  <option value="">{B.pick}</option>
                  {wallets.data?.map((w) => (
                    <option key={w.address} value={w.address}>
                      {`${w.nickName ?? w.address} (${formatWon(w.balance)}원)`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{form.formState.errors.from?.message}</Field.ErrorText>
            </Field.Root>
            <WonField form={form} name="value" label={B.amount} testId="token-burn-value" />
            <ReasonField form={form} name="reason" label={B.reason} testId="token-burn-reason" />
          </>
        )}
      </FormDialog>
    </>
  );
}
