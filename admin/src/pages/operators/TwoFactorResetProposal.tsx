import { useState } from "react";
import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { allowsArea } from "@domain/admin-access";
import { Msg } from "@domain/messages";
import type { OperatorDetailDto } from "@domain/schemas/operators";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { snack } from "../../components/ui/toaster";
import { useProposalCreated } from "../proposals/useProposalCreated";

const R = {
  open: "2단계 인증 초기화 요청",
  note:
    "휴대폰과 복구 코드를 모두 잃은 관리자의 2단계 인증을 초기화합니다. 다른 최고 관리자의 승인 후 적용되며, " +
    "해당 관리자는 로그아웃되고 다음 로그인에서 2단계 인증을 다시 등록해야 합니다.",
  reason: "사유 (본인 확인 방법 포함)",
  placeholder: "예: 신분증 대면 확인, 2026-11-28 본사",
  submit: "요청 등록",
  cancel: "취소",
} as const;

/**
 * A super admin asks to reset another operator's second factor (dual control): the reason notes how the operator's
 * identity was checked; another super admin approves on 승인 요청.
 */
export function TwoFactorResetProposal({ detail }: { detail: OperatorDetailDto }) {
  const { account } = useSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const proposalCreated = useProposalCreated();
  const send = useMutation({
    mutationFn: () => callEndpoint("propose", { kind: "operatorTwoFactorReset", payload: { adminId: detail.id }, reason: reason.trim() }),
    onSuccess: (r) => proposalCreated(r.proposal),
    onError: (e) => snack(e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, { type: "error" }),
  });
  if (!account || !allowsArea("proposalControl", account) || detail.id === account.id) return null;
  if (!open)
    return (
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)} data-testid="operator-2fa-reset-open">
        {R.open}
      </Button>
    );
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="operator-2fa-reset">
      <Text fontSize="sm" color="fg.muted">
        {R.note}
      </Text>
      <Field.Root required>
        <Field.Label>{R.reason}</Field.Label>
        <Input
          value={reason}
          maxLength={200}
          placeholder={R.placeholder}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="operator-2fa-reset-reason"
        />
      </Field.Root>
      <HStack>
        <Button
          size="sm"
          colorPalette="red"
          loading={send.isPending}
          onClick={() => (reason.trim() ? send.mutate() : snack(Msg.proposalReasonRequired, { type: "error" }))}
          data-testid="operator-2fa-reset-submit"
        >
          {R.submit}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen(false)}>
          {R.cancel}
        </Button>
      </HStack>
    </Stack>
  );
}
