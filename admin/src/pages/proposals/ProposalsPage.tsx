import { useState, type ReactNode } from "react";
import { Badge, Button, DataList, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useParams, useSearchParams, Link as RouterLink } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "@domain/format";
import { Msg } from "@domain/messages";
import { PROPOSAL_KIND_NAMES, PROPOSAL_STATES, type ProposalRowDto, type ProposalState } from "@domain/schemas/proposals";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import type { Column } from "../../components/list/DataTable";
import { StateTabs } from "../../components/list/StateTabs";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { snack } from "../../components/ui/toaster";
import { PL } from "./proposals.labels";

/** What a proposal moves, in one line. */
export function proposalContent(p: Pick<ProposalRowDto, "kind" | "payload">): string {
  const v = p.payload;
  const won = (n: unknown) => `${Number(n).toLocaleString("ko-KR")}원`;
  switch (p.kind) {
    case "mint":
      return won(v.value);
    case "burn":
      return `${String(v.from)} ${won(v.value)}`;
    case "transfer":
      return `${String(v.from)} → ${String(v.to)} ${won(v.value)}`;
    case "minterAllowance":
      return `${String(v.minter)} ${won(v.allowance)}`;
    case "block":
    case "unblock":
      return String(v.address);
    case "operatorFlags":
    case "operatorTwoFactorReset":
      return `관리자 #${String(v.adminId)}`;
    case "refundPayout":
      return `${String(v.orderNo)} ${won(v.value)}`;
    case "depositReturn":
      return `입금 #${String(v.depositId)} ${won(v.value)}`;
    default:
      return "-";
  }
}

const STATE_PALETTE: Record<ProposalState, string> = {
  pending: "orange",
  executing: "blue",
  approved: "green",
  rejected: "gray",
  expired: "gray",
  failed: "red",
};
const stateBadge = (s: ProposalState) => (
  <Badge colorPalette={STATE_PALETTE[s]} data-testid="proposal-state" data-state={s}>
    {PROPOSAL_STATES[s]}
  </Badge>
);

/** Approve / reject buttons, only when the server says this operator may decide (never on one's own proposal). */
function ProposalActions({ p }: { p: ProposalRowDto }) {
  const qc = useQueryClient();
  const done = (message: string) => {
    snack(message, { type: "success" });
    void qc.invalidateQueries({ queryKey: ["proposals"] });
  };
  const failed = (e: Error) => {
    snack(e instanceof ApiError && e.unanswered ? Msg.resultUnknown : e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, {
      type: "error",
    });
    void qc.invalidateQueries({ queryKey: ["proposals"] });
  };
  // One key for this proposal's approval on this screen: a retry after a lost answer is answered from the first.
  const [approveKey] = useState(() => `approve-${p.id}-${crypto.randomUUID()}`);
  const approve = useMutation({
    mutationFn: () => callEndpoint("proposalApprove", { id: p.id }, { idempotencyKey: approveKey }),
    onSuccess: (r) =>
      r.state === "failed" ? failed(new ApiError(500, `${Msg.proposalFailed} ${r.error ?? ""}`)) : done(Msg.proposalApproved),
    onError: failed,
  });
  const reject = useMutation({
    mutationFn: () => callEndpoint("proposalReject", { id: p.id }),
    onSuccess: () => done(Msg.proposalRejected),
    onError: failed,
  });
  if (!p.canDecide)
    return p.state === "pending" ? (
      <Text fontSize="xs" color="fg.muted" data-testid="proposal-own">
        {PL.ownProposal}
      </Text>
    ) : null;
  return (
    <HStack gap="2" onClick={(e) => e.stopPropagation()}>
      <Button size="xs" colorPalette="brand" data-testid="proposal-approve" loading={approve.isPending} onClick={() => approve.mutate()}>
        {PL.approve}
      </Button>
      <Button size="xs" variant="outline" data-testid="proposal-reject" loading={reject.isPending} onClick={() => reject.mutate()}>
        {PL.reject}
      </Button>
    </HStack>
  );
}

const columns: Column<ProposalRowDto>[] = [
  {
    key: "id",
    header: PL.id,
    cell: (r) => (
      <RouterLink to={`/proposals/${r.id}`} data-testid="proposal-link">
        {r.id}
      </RouterLink>
    ),
    sortKey: "id",
  },
  { key: "kind", header: PL.kind, cell: (r) => PROPOSAL_KIND_NAMES[r.kind] },
  { key: "content", header: PL.content, cell: (r) => proposalContent(r) },
  { key: "reason", header: PL.reason, cell: (r) => r.reason },
  { key: "proposer", header: PL.proposer, cell: (r) => r.proposerLoginId },
  { key: "createdAt", header: PL.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  { key: "state", header: PL.state, cell: (r) => stateBadge(r.state) },
  { key: "approver", header: PL.approver, cell: (r) => r.approverLoginId ?? "-" },
  { key: "tx", header: PL.txHash, cell: (r) => r.txHash ?? "-" },
  { key: "actions", header: "", cell: (r) => <ProposalActions p={r} /> },
];

const TABS = ["all", "pending", "approved", "rejected", "expired", "failed"] as const;

/** /admin/proposals: the proposals by state (pending first tab), with approve and reject for another operator's. */
export function ProposalsPage() {
  const [params] = useSearchParams();
  const asked = params.get("state") ?? "";
  const state = (TABS as readonly string[]).includes(asked) ? (asked as (typeof TABS)[number]) : "pending";
  const list = useListQuery("proposalList", { fixed: { state }, defaultSort: "createdAt" });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {PL.title}
      </Heading>
      <StateTabs
        value={state}
        tabs={TABS.map((t) => ({ value: t, label: t === "all" ? PL.all : PROPOSAL_STATES[t] }))}
        onChange={(v) => list.setFilter("state", v)}
        testId="proposal-tab"
      >
        <ListTable testId="proposal-table" columns={columns} rowKey={(r) => r.id} list={list} />
      </StateTabs>
    </Stack>
  );
}

/** /admin/proposals/:id: one proposal, its state for the proposer, approve or reject for another operator. */
export function ProposalDetailPage() {
  const id = Number(useParams().id);
  const q = useQuery({
    queryKey: ["proposals", "one", id],
    queryFn: ({ signal }) => callEndpoint("proposalDetail", { id }, { signal }),
    refetchInterval: 5_000,
  });
  const p = q.data;
  const rows: [string, ReactNode][] = p
    ? [
        [PL.id, p.id],
        [PL.kind, PROPOSAL_KIND_NAMES[p.kind]],
        [PL.content, proposalContent(p)],
        [PL.reason, p.reason],
        [PL.proposer, p.proposerLoginId],
        [PL.createdAt, formatDateTime(p.createdAt)],
        [PL.state, stateBadge(p.state)],
        [PL.approver, p.approverLoginId ?? "-"],
        [PL.decidedAt, p.decidedAt ? formatDateTime(p.decidedAt) : "-"],
        [PL.expiresAt, formatDateTime(p.expiresAt)],
        [PL.txHash, p.txHash ?? "-"],
        [PL.error, p.error ?? "-"],
      ]
    : [];
  return (
    <Stack gap="4" data-testid="proposal-detail">
      <Heading size="lg" data-testid="admin-page-title">
        {PL.detailTitle}
      </Heading>
      <DataList.Root orientation="horizontal">
        {rows.map(([k, v]) => (
          <DataList.Item key={k}>
            <DataList.ItemLabel>{k}</DataList.ItemLabel>
            <DataList.ItemValue>{v}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {p && <ProposalActions p={p} />}
      <Link asChild>
        <RouterLink to="/proposals">{PL.title}</RouterLink>
      </Link>
    </Stack>
  );
}
