import { useState } from "react";
import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { allowsArea } from "@domain/admin-access";
import { ADMIN_FLAGS, OperatorPermission, type OperatorFlag } from "@domain/constants";
import { Msg } from "@domain/messages";
import { PERMISSION_GROUP_NAMES, PERMISSION_GROUPS, type OperatorDetailDto, type PermissionGroup } from "@domain/schemas/operators";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { snack } from "../../components/ui/toaster";
import { useProposalCreated } from "../proposals/useProposalCreated";
import { PermissionGroups } from "./PermissionGroups";

const F = {
  open: "권한 변경 요청",
  reason: "사유",
  submit: "요청 등록",
  cancel: "취소",
  note: "권한 변경은 다른 관리자의 승인 후 적용됩니다.",
  noReason: "사유를 입력해주세요.",
} as const;

type Groups = Record<PermissionGroup, boolean[]>;
const groupsOf = (d: OperatorDetailDto): Groups =>
  Object.fromEntries(PERMISSION_GROUP_NAMES.map((g) => [g, PERMISSION_GROUPS[g].map((_, i) => d[g]?.[i] === true)])) as Groups;
const flagsOf = (groups: Groups): Record<OperatorFlag, boolean> => {
  const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, false])) as Record<OperatorFlag, boolean>;
  for (const g of PERMISSION_GROUP_NAMES) PERMISSION_GROUPS[g].forEach((f, i) => (flags[f as OperatorFlag] = groups[g][i] === true));
  return flags;
};

/**
 * An operator's rights, changed through dual control (issue 35): whoever may manage operators edits the checkboxes of
 * a sub admin (never their own, never a super admin's) and gives a reason; another operator approves on 승인 요청.
 */
export function FlagsProposal({ detail }: { detail: OperatorDetailDto }) {
  const { account } = useSession();
  const [groups, setGroups] = useState<Groups | null>(null);
  const [reason, setReason] = useState("");
  const proposalCreated = useProposalCreated();
  const send = useMutation({
    mutationFn: () =>
      callEndpoint("propose", { kind: "operatorFlags", payload: { adminId: detail.id, flags: flagsOf(groups!) }, reason: reason.trim() }),
    onSuccess: (r) => proposalCreated(r.proposal),
    onError: (e) => snack(e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, { type: "error" }),
  });
  const may = !!account && allowsArea("operators", account) && detail.permission !== OperatorPermission.SUPER && detail.id !== account.id;
  if (!may) return null;
  if (!groups)
    return (
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setGroups(groupsOf(detail))} data-testid="operator-flags-edit">
        {F.open}
      </Button>
    );
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="operator-flags-proposal">
      <Text fontSize="sm" color="fg.muted">
        {F.note}
      </Text>
      <PermissionGroups value={groups} onChange={(g, next) => setGroups({ ...groups, [g]: next })} />
      <Field.Root required invalid={send.isError && !reason.trim()}>
        <Field.Label>{F.reason}</Field.Label>
        <Input value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} data-testid="operator-flags-reason" />
      </Field.Root>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={send.isPending}
          onClick={() => (reason.trim() ? send.mutate() : snack(F.noReason, { type: "error" }))}
          data-testid="operator-flags-submit"
        >
          {F.submit}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setGroups(null)}>
          {F.cancel}
        </Button>
      </HStack>
    </Stack>
  );
}
