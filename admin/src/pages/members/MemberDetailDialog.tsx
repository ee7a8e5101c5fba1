import { useEffect, useState } from "react";
import { Button, DataList, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { allowsArea } from "@domain/admin-access";
import { formatDate, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { memberPermissions, memberStates, type MemberDetailDto } from "@domain/schemas/members";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, endpointQuery } from "../../api/queries";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { detailError, type DetailParam } from "../../components/dialogs/useDetailParam";
import { snack } from "../../components/ui/toaster";
import { AuditTable } from "../audit/AuditTable";
import { L } from "../../labels";

type Change = { kind: "state"; value: (typeof memberStates)[number] } | { kind: "permission"; value: (typeof memberPermissions)[number] };

/**
 * A member's fields, totals, wallet history and the operator actions on it; state and grade changes behind a confirm.
 * Open while the URL says `?member=<id>`.
 */
export function MemberDetailDialog({ detail }: { detail: DetailParam }) {
  const q = useQuery({ ...endpointQuery("memberDetail", { id: detail.id ?? 0 }), enabled: detail.id !== null });
  return (
    <DetailDialog
      open={detail.isOpen}
      onClose={detail.close}
      title={L.member.detailTitle}
      testId="member-detail"
      error={q.data ? undefined : detailError(detail, q.error)}
    >
      {q.data ? <MemberDetailBody detail={q.data} /> : <Skeleton h="64" />}
    </DetailDialog>
  );
}

function MemberDetailBody({ detail }: { detail: MemberDetailDto }) {
  const { member, totals, history, actions } = detail;
  const { account } = useSession();
  const qc = useQueryClient();
  const [state, setState] = useState(member.state);
  const [permission, setPermission] = useState(member.permission);
  const [pending, setPending] = useState<Change | null>(null);
  useEffect(() => {
    setState(member.state);
    setPermission(member.permission);
  }, [member.state, member.permission]);

  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === "state"
        ? callEndpoint("changeState", { id: member.id, state: c.value })
        : callEndpoint("changePermission", { id: member.id, permission: c.value }),
    onSuccess: (_d, c) => {
      snack(c.kind === "state" ? Msg.memberStateChanged : Msg.memberPermissionChanged, { type: "success" });
      void qc.invalidateQueries({ queryKey: endpointKey("memberList") });
      void qc.invalidateQueries({ queryKey: endpointKey("memberDetail", { id: member.id }) });
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.memberChangeFailed, { type: "error" }),
    onSettled: () => setPending(null),
  });

  // A member's own 탈퇴 is final (the server refuses a change too).
  const mayState = account && !member.closedAt ? allowsArea("memberState", account) : false;
  const mayGrade = account ? allowsArea("memberGrade", account) : false;
  const field = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value ?? "-"}</DataList.ItemValue>
    </DataList.Item>
  );

  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="sm">
        {field(L.member.id, member.id)}
        {field(L.member.username, member.username, "member-detail-username")}
        {field(L.member.nickname, member.nickname)}
        {field(L.member.phonenumber, member.phonenumber)}
        {field(L.member.email, member.email)}
        {field(L.member.address, member.address)}
        {field(L.member.permission, L.member.permissions[member.permission], "member-detail-permission")}
        {field(
          L.member.state,
          member.closedAt
            ? `${L.member.states[member.state]} (${L.member.closedAt} ${formatDate(member.closedAt)})`
            : L.member.states[member.state],
          "member-detail-state",
        )}
        {field(L.member.holding, `${formatWon(member.holding)}${L.won}`)}
        {field(L.member.wallets, member.wallets.map((w) => w.address).join(", ") || "-")}
        {field(L.member.createdAt, formatDate(member.createdAt))}
        {field(L.member.updatedAt, formatDate(member.updatedAt))}
      </DataList.Root>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {(["totalUsed", "totalPurchased", "purchasable"] as const).map((k) => (
          <Stat.Root key={k} borderWidth="1px" borderColor="card.border" rounded="md" p="3">
            <Stat.Label>{L.member.totals[k]}</Stat.Label>
            <Stat.ValueText data-testid={`member-total-${k}`}>
              {formatWon(totals[k])}
              <Stat.ValueUnit>{L.won}</Stat.ValueUnit>
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>

      <HStack wrap="wrap" gap="6">
        <ChoiceChange
          label={L.member.state}
          options={memberStates}
          labels={L.member.states}
          value={state}
          current={member.state}
          allowed={mayState}
          onChange={setState}
          onApply={() => setPending({ kind: "state", value: state })}
          applyLabel={L.member.changeState}
          testId="member-state"
        />
        <ChoiceChange
          label={L.member.permission}
          options={memberPermissions}
          labels={L.member.permissions}
          value={permission}
          current={member.permission}
          allowed={mayGrade}
          onChange={setPermission}
          onApply={() => setPending({ kind: "permission", value: permission })}
          applyLabel={L.member.changePermission}
          testId="member-permission"
        />
      </HStack>

      <Stack gap="2">
        <Heading size="sm">{L.member.history}</Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md" maxH="72">
          <Table.Root size="sm" stickyHeader data-testid="member-history">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{L.member.orderNo}</Table.ColumnHeader>
                <Table.ColumnHeader>{L.member.type}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{L.member.value}</Table.ColumnHeader>
                <Table.ColumnHeader>{L.member.at}</Table.ColumnHeader>
                <Table.ColumnHeader>{L.member.expiredAt}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.map((h) => (
                <Table.Row key={`${h.type}-${h.id}`}>
                  <Table.Cell>{h.id}</Table.Cell>
                  <Table.Cell>{h.type}</Table.Cell>
                  <Table.Cell textAlign="end">{formatWon(h.value)}</Table.Cell>
                  <Table.Cell>{formatDate(h.createdAt)}</Table.Cell>
                  <Table.Cell>{h.expiredAt ? formatDate(h.expiredAt) : "-"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {history.length === 0 && (
            <Text p="3" color="fg.muted">
              {Msg.noResults}
            </Text>
          )}
        </Table.ScrollArea>
      </Stack>

      <Stack gap="2">
        <Heading size="sm">{L.audit.title}</Heading>
        <AuditTable rows={actions} testId="member-actions" />
      </Stack>

      <ConfirmDialog
        open={pending !== null}
        message={pending?.kind === "permission" ? Msg.memberPermissionConfirm : Msg.memberStateConfirm}
        loading={change.isPending}
        onConfirm={() => pending && change.mutate(pending)}
        onClose={() => setPending(null)}
        testId="member-change-confirm"
      />
    </Stack>
  );
}

/** A choice among `options` and its apply button (enabled once it differs from `current`): `${testId}-select`, `-change`. */
function ChoiceChange<T extends string>(p: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  current: T;
  allowed: boolean;
  onChange: (v: T) => void;
  onApply: () => void;
  applyLabel: string;
  testId: string;
}) {
  return (
    <HStack>
      <NativeSelect.Root size="sm" width="auto" disabled={!p.allowed}>
        <NativeSelect.Field
          aria-label={p.label}
          value={p.value}
          onChange={(e) => p.onChange(e.currentTarget.value as T)}
          data-testid={`${p.testId}-select`}
        >
          {p.options.map((o) => (
            <option key={o} value={o}>
              {p.labels[o]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" disabled={!p.allowed || p.value === p.current} onClick={p.onApply} data-testid={`${p.testId}-change`}>
        {p.applyLabel}
      </Button>
    </HStack>
  );
}
