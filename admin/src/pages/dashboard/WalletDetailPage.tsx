import { useState } from "react";
import { Badge, Button, Code, DataList, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { copyAndTell } from "@common/clipboard";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { allowsArea } from "@domain/admin-access";
import { z } from "zod";
import { proposalReason } from "@domain/schemas/proposals";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { ReasonField } from "../../components/dialogs/FormFields";
import { callEndpoint, downloads } from "../../api/endpoints";
import { endpointQuery } from "../../api/queries";
import { useSession } from "../../api/session";
import { ApiError } from "../../api/client";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { ExportButton } from "../../components/list/ExportButton";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { useProposalCreated } from "../proposals/useProposalCreated";
import { transferColumns } from "./cells";
import { TxDialog } from "./TxDialog";
import { useDetailParam } from "../../components/dialogs/useDetailParam";

const REASON_FORM = z.object({ reason: proposalReason });
const NO_REASON = { reason: "" };

/** /admin/dashboard/detail/{address}: the wallet's indexed and on-chain balance side by side, its owner, history and the block action. */
export function WalletDetailPage() {
  const { address = "" } = useParams();
  const list = useListQuery("walletHistory", { fixed: { address }, defaultSort: "timestamp" });
  const [asking, setAsking] = useState(false);
  const tx = useDetailParam("tx");
  // Blocking is isAccount2's (the server refuses others): the button shows only to those who may.
  const { account } = useSession();
  const mayBlock = !!account && allowsArea("walletBlock", account);
  const detail = useQuery(endpointQuery("walletDetail", { address }));
  const d = detail.data;
  const blocked = d?.blocked ?? false;
  const proposalCreated = useProposalCreated();
  const toggle = useMutation({
    mutationFn: (reason: string) => callEndpoint(blocked ? "unblockWallet" : "blockWallet", { phone: d!.owner!.phonenumber!, reason }),
    // Dual control: the block is a proposal another operator approves.
    onSuccess: (r) => {
      setAsking(false);
      proposalCreated(r.proposal);
    },
    onError: (e) => {
      setAsking(false);
      const code = e instanceof ApiError ? ` (${e.code})` : "";
      snack(`${blocked ? Msg.walletUnblockFailed : Msg.walletBlockFailed}${code}`, { type: "error" });
    },
  });
  const copy = () => copyAndTell(address, L.walletDetail.copied);
  const differs = d && d.chainBalance !== null && d.chainBalance !== d.indexedBalance;
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.walletDetail.title}
      </Heading>
      {detail.error && <Text color="fg.error">{detail.error.message}</Text>}
      {detail.isPending && <Skeleton h="48" />}
      {d && (
        <DataList.Root orientation="horizontal" data-testid="wallet-info">
          <DataList.Item>
            <DataList.ItemLabel>{L.walletDetail.address}</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack>
                <Code wordBreak="break-all" data-testid="wallet-address">
                  {d.address}
                </Code>
                <Button size="xs" variant="outline" onClick={() => void copy()} data-testid="wallet-copy">
                  {L.walletDetail.copy}
                </Button>
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{L.walletDetail.indexed}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="wallet-indexed">{formatWon(Number(d.indexedBalance))}원</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{L.walletDetail.onChain}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="wallet-chain">
              {d.chainBalance === null ? "-" : `${formatWon(Number(d.chainBalance))}원`}{" "}
              <Badge colorPalette={differs ? "red" : "green"} data-testid="wallet-balance-verdict">
                {differs ? L.tx.differs : L.tx.match}
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{L.walletDetail.owner}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="wallet-owner">
              {d.owner
                ? (d.owner.username ?? `${L.walletDetail.operatorWallet} (${d.owner.nickname ?? d.owner.kind})`)
                : L.walletDetail.unknownOwner}
            </DataList.ItemValue>
          </DataList.Item>
          {d.owner?.phonenumber && (
            <>
              <DataList.Item>
                <DataList.ItemLabel>{L.walletDetail.phone}</DataList.ItemLabel>
                <DataList.ItemValue>{d.owner.phonenumber}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{L.walletDetail.state}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {L.member.states[d.owner.state as keyof typeof L.member.states] ?? d.owner.state} ·{" "}
                  {L.member.permissions[d.owner.permission as keyof typeof L.member.permissions] ?? d.owner.permission}
                </DataList.ItemValue>
              </DataList.Item>
            </>
          )}
          <DataList.Item>
            <DataList.ItemLabel>{L.walletDetail.state}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette={blocked ? "red" : "green"} data-testid="wallet-blocked">
                {blocked ? L.walletDetail.blocked : L.walletDetail.notBlocked}
              </Badge>
              {d.owner?.phonenumber && mayBlock && (
                <Button
                  size="xs"
                  ml="3"
                  colorPalette={blocked ? "gray" : "red"}
                  onClick={() => setAsking(true)}
                  data-testid="wallet-block-toggle"
                >
                  {blocked ? L.walletDetail.unblock : L.walletDetail.block}
                </Button>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
      <HStack justify="space-between">
        <Heading size="md">{L.walletDetail.history}</Heading>
        <ExportButton def={downloads.walletHistory} filter={{ address }} testId="wallet-excel" />
      </HStack>
      <ListTable
        testId="wallet-history"
        columns={transferColumns(tx.open)}
        rowKey={(r) => `${r.hash}:${r.logIndex}`}
        onRowClick={(r) => tx.open(r.hash)}
        emptyText={Msg.noResults}
        list={list}
      />
      <TxDialog hash={tx.value} onClose={tx.close} />
      {/* Dual control: the proposer's own reason goes with the proposal, shown to the approver and kept in the audit log. */}
      <FormDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={blocked ? L.walletDetail.unblock : L.walletDetail.block}
        schema={REASON_FORM}
        defaultValues={NO_REASON}
        onSubmit={async ({ reason }) => {
          await toggle.mutateAsync(reason).catch(() => undefined);
        }}
        testId="wallet-block-confirm"
      >
        {(form) => (
          <Stack gap="3">
            <Text whiteSpace="pre-line">{blocked ? Msg.walletUnblockConfirm : Msg.walletBlockConfirm}</Text>
            <ReasonField form={form} name="reason" label={L.walletDetail.reason} testId="wallet-block-reason" />
          </Stack>
        )}
      </FormDialog>
    </Stack>
  );
}
