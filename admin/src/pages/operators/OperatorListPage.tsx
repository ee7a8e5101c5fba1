import { useState } from "react";
import { Button, DataList, Heading, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { OperatorPermission } from "@domain/constants";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import type { OperatorRowDto } from "@domain/schemas/operators";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { useSession } from "../../api/session";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { detailError, useDetailParam, type DetailParam } from "../../components/dialogs/useDetailParam";
import { rowActivation } from "../../components/list/rowActivation";
import { useListQuery } from "../../components/list/useListQuery";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { PermissionGroups } from "./PermissionGroups";
import { FlagsProposal } from "./FlagsProposal";
import { TwoFactorResetProposal } from "./TwoFactorResetProposal";

/** /admin/account/adminlist: operator accounts, a detail with their rights (`?operator=<id>`), and delete behind a confirm. */
export function OperatorListPage() {
  // Every operator at once: the server does not page this list.
  const list = useListQuery("operatorList", { paged: false });
  const detail = useDetailParam("operator");
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.operator.listTitle}
      </Heading>
      <Table.ScrollArea borderWidth="1px" borderColor="card.border" rounded="md" bg="card.bg">
        <Table.Root size="sm" interactive data-testid="operators-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{L.operator.id}</Table.ColumnHeader>
              <Table.ColumnHeader>{L.operator.loginId}</Table.ColumnHeader>
              <Table.ColumnHeader>{L.operator.permission}</Table.ColumnHeader>
              <Table.ColumnHeader>{L.operator.linkedMember}</Table.ColumnHeader>
              <Table.ColumnHeader>{L.operator.createdAt}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.loading
              ? Array.from({ length: 5 }, (_, i) => (
                  <Table.Row key={i}>
                    <Table.Cell colSpan={5}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  </Table.Row>
                ))
              : (list.rows ?? []).map((o) => <OperatorRow key={o.id} o={o} onOpen={() => detail.open(o.id)} />)}
          </Table.Body>
        </Table.Root>
        {list.error && (
          <Text p="3" color="fg.error">
            {list.error}
          </Text>
        )}
      </Table.ScrollArea>
      <OperatorDetailDialog detail={detail} />
    </Stack>
  );
}

function OperatorRow({ o, onOpen }: { o: OperatorRowDto; onOpen: () => void }) {
  return (
    <Table.Row {...rowActivation(onOpen)} data-testid="operators-row">
      <Table.Cell>{o.id}</Table.Cell>
      <Table.Cell>{o.loginId}</Table.Cell>
      <Table.Cell>{L.permissionLabel(o.permission)}</Table.Cell>
      <Table.Cell>{o.relatedAccount ? `${o.relatedAccount.username} (${o.relatedAccount.phonenumber})` : "-"}</Table.Cell>
      <Table.Cell>{formatDate(o.createdAt)}</Table.Cell>
    </Table.Row>
  );
}

function OperatorDetailDialog({ detail }: { detail: DetailParam }) {
  const { id, close: onClose } = detail;
  const qc = useQueryClient();
  const { account } = useSession();
  const [asking, setAsking] = useState(false);
  const q = useQuery({ queryKey: ["operator", id], queryFn: () => callEndpoint("operatorDetail", { id: id! }), enabled: id !== null });
  const del = useMutation({
    mutationFn: () => callEndpoint("operatorDelete", { id: id! }),
    onSuccess: () => {
      snack(Msg.adminDeleteDone, { type: "success" });
      void qc.invalidateQueries({ queryKey: endpointKey("operatorList") });
      void qc.invalidateQueries({ queryKey: ["connectable"] });
      onClose();
    },
    onError: () => snack(Msg.adminDeleteFailed, { type: "error" }),
    onSettled: () => setAsking(false),
  });
  const d = q.data;
  return (
    <DetailDialog
      open={detail.isOpen}
      onClose={onClose}
      title={L.operator.detailTitle}
      testId="operator-detail"
      error={d ? undefined : detailError(detail, q.error)}
      footer={
        <Button
          colorPalette="red"
          variant="outline"
          disabled={
            !d || d.id === account?.id || (d.permission === OperatorPermission.SUPER && account?.permission !== OperatorPermission.SUPER)
          }
          onClick={() => setAsking(true)}
          data-testid="operator-delete"
        >
          {L.operator.delete}
        </Button>
      }
    >
      {!d ? (
        <Skeleton h="48" />
      ) : (
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{L.operator.loginId}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="operator-detail-login">{d.loginId}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{L.operator.permission}</DataList.ItemLabel>
              <DataList.ItemValue>{L.permissionLabel(d.permission)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{L.operator.linkedMember}</DataList.ItemLabel>
              <DataList.ItemValue>
                {d.relatedAccount ? `${d.relatedAccount.username} (${d.relatedAccount.phonenumber})` : "-"}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{L.operator.createdAt}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(d.createdAt)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <PermissionGroups value={d} />
          <FlagsProposal key={d.id} detail={d} />
          <TwoFactorResetProposal key={`2fa-${d.id}`} detail={d} />
        </Stack>
      )}
      <ConfirmDialog
        open={asking}
        message={Msg.adminDeleteConfirm}
        loading={del.isPending}
        onConfirm={() => del.mutate()}
        onClose={() => setAsking(false)}
        testId="operator-delete-confirm"
      />
    </DetailDialog>
  );
}
