import { useState, type ReactNode } from "react";
import { useConfirm } from "@common/ConfirmDialog";
import { useRetryKey } from "@common/retryKey";
import { Button, Code, Heading, HStack, Stack, Tabs } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { allowsArea } from "@domain/admin-access";
import { formatDate, formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { seoulPeriods } from "@domain/schemas/shared/periods";
import { mintBody, TOKEN_AMOUNT_MAX_LENGTH, type FeeRowDto, type TokenRowDto } from "@domain/schemas/tokens";
import { callEndpoint, downloads } from "../../api/endpoints";
import { endpointQuery, refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { SearchBox } from "../../components/list/SearchBox";
import { ExportButton } from "../../components/list/ExportButton";
import { useListQuery } from "../../components/list/useListQuery";
import { FieldsDialog } from "../../components/dialogs/FieldsDialog";
import { detailError, useDetailParam } from "../../components/dialogs/useDetailParam";
import { FilterSelect } from "../../components/list/FilterSelect";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { ReasonField, WonField } from "../../components/dialogs/FormFields";
import { snack } from "../../components/ui/toaster";
import { TxAmount } from "../../components/ui/TxAmount";
import { MemberDetailDialog } from "../members/MemberDetailDialog";
import { L } from "../../labels";
import { useProposalCreated } from "../proposals/useProposalCreated";
import { BurnProposalButton } from "./BurnProposal";

const T = L.token;
type Period = "daily" | "weekly" | "monthly";
const PERIODS: Period[] = ["daily", "weekly", "monthly"];
const PERIOD_KEY = { daily: "day", weekly: "week", monthly: "month" } as const;

/** The Asia/Seoul dates of a period around now, as a from/to range (to is today at most). */
function periodRange(p: Period): { from: string; to: string } {
  const r = seoulPeriods()[PERIOD_KEY[p]];
  const today = formatDate(Date.now());
  const last = formatDate(r.end.getTime() - 1);
  return { from: formatDate(r.start), to: last < today ? last : today };
}

function PeriodTabs({ labels, onPick, testId }: { labels: Record<Period, ReactNode>; onPick: (p: Period) => void; testId: string }) {
  return (
    <Tabs.Root variant="enclosed" onValueChange={(e) => onPick(e.value as Period)} data-testid={testId}>
      <Tabs.List>
        {PERIODS.map((p) => (
          <Tabs.Trigger key={p} value={p} data-testid={`${testId}-${p}`}>
            {labels[p]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}

const tokenColumns: Column<TokenRowDto>[] = [
  { key: "id", header: T.id, cell: (r) => r.id, sortKey: "id" },
  { key: "address", header: T.address, cell: (r) => <Code fontSize="xs">{r.address}</Code> },
  { key: "date", header: T.date, cell: (r) => formatDateTime(r.date), sortKey: "createdAt" },
  { key: "amount", header: T.amount, cell: (r) => <TxAmount text={`${formatWon(r.amount)}${L.won}`} txHash={r.txHash} />, numeric: true },
  { key: "burnState", header: T.burnState, cell: (r) => r.burnState },
];

/** /admin/token/management: issuance tabs with counts, mint dialog (isToken2), journal of mints and burns, detail (`?issue=<id>`), excel. */
export function TokenManagementPage() {
  const qc = useQueryClient();
  const { account } = useSession();
  const canMint = account ? allowsArea("tokenMint", account) : false;
  const list = useListQuery("tokenSearch", { dates: true, filters: ["type", "keyword"], defaultSort: "createdAt" });
  const totals = useQuery(endpointQuery("tokenManage"));
  const [minting, setMinting] = useState(false);
  const confirmMint = useConfirm("token-mint-confirm");
  const mintKey = useRetryKey();
  const proposalCreated = useProposalCreated();
  const issue = useDetailParam("issue");
  // The row as the server has it now (a burn's state moves on after the list was read).
  const detail = useQuery({ ...endpointQuery("tokenDetail", { id: issue.id ?? 0, type: "management" }), enabled: issue.id !== null });
  // A mint moves the supply and the treasury: every amount on screen, not the journal's only.
  const refresh = () => void refreshMoney(qc);
  const tab = (p: Period) => `${T.periods[p]} ${totals.data ? `${totals.data[p].count}${T.countUnit}` : ""}`;
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {T.managementTitle}
        </Heading>
        <HStack>
          <BurnProposalButton />
          {canMint && (
            <Button colorPalette="brand" onClick={() => setMinting(true)} data-testid="token-mint-open">
              {T.mint}
            </Button>
          )}
        </HStack>
      </HStack>
      <PeriodTabs
        labels={{ daily: tab("daily"), weekly: tab("weekly"), monthly: tab("monthly") }}
        onPick={(p) => list.setRange(periodRange(p).from, periodRange(p).to)}
        testId="token-tabs"
      />
      <HStack wrap="wrap" gap="3" justify="space-between">
        <HStack wrap="wrap" gap="3">
          <DateRangeFilter testId="token-range" from={list.state.from!} to={list.state.to!} onApply={list.setRange} />
          <FilterSelect
            value={list.state.filters.type}
            options={[
              ["mint", T.minted],
              ["burn", T.burned],
            ]}
            onChange={(v) => list.setFilter("type", v)}
            label={T.burnState}
            testId="token-filter"
          />
          <SearchBox testId="token-search" value={list.state.filters.keyword} onSearch={list.setKeyword} />
          <Button size="sm" variant="outline" onClick={refresh} data-testid="token-refresh">
            {T.refresh}
          </Button>
        </HStack>
        <ExportButton
          def={downloads.tokenManagement}
          filter={{ from: list.state.from, to: list.state.to, ...list.state.filters }}
          testId="token-excel"
        />
      </HStack>
      <ListTable testId="token-table" columns={tokenColumns} rowKey={(r) => r.id} list={list} onRowClick={(r) => issue.open(r.id)} />
      <FieldsDialog
        title={T.detailTitle}
        open={issue.isOpen}
        onClose={issue.close}
        testId="token-detail"
        error={detailError(issue, detail.error)}
        items={
          !detail.data
            ? null
            : [
                [T.id, detail.data.id],
                [T.burnState, detail.data.burnState],
                [T.address, detail.data.address],
                [T.amount, `${formatWon(detail.data.amount)}${L.won}`],
                [T.date, formatDateTime(detail.data.date)],
                [T.operator, detail.data.operator ?? "-"],
                [T.block, detail.data.blockNumber ?? "-"],
                [T.txHash, detail.data.txHash ?? "-"],
              ]
        }
      />
      <FormDialog
        open={minting}
        onClose={() => setMinting(false)}
        title={T.mintTitle}
        schema={mintBody}
        defaultValues={{ value: "", reason: "" }}
        submitLabel={T.mint}
        testId="token-mint"
        onSubmit={async (v) => {
          // Minting creates money: the amount is said once more before it goes.
          if (!(await confirmMint.ask(`${Msg.tokenMintConfirm}\n${formatWon(Number(v.value))}${L.won}`))) return;
          try {
            // The same amount tried again after no answer or a 5xx is the same request (one mint).
            // Dual control: the mint is a proposal another operator approves; its page shows the state.
            const r = await callEndpoint("tokenMint", v, { idempotencyKey: mintKey.keyFor(v) });
            mintKey.settled();
            setMinting(false);
            proposalCreated(r.proposal);
          } catch (e) {
            mintKey.settled(e);
            const message =
              e instanceof ApiError && e.unanswered
                ? Msg.resultUnknown
                : e instanceof ApiError && e.code !== 500 && e.code !== 503
                  ? e.message
                  : Msg.tokenMintFailed;
            snack(message, { type: "error" });
          }
        }}
      >
        {(form) => (
          <>
            {/* Digits only, at most 11 (the spec's max length). */}
            <WonField
              form={form}
              name="value"
              label={T.mintAmount}
              requiredMark
              maxDigits={TOKEN_AMOUNT_MAX_LENGTH}
              tooLong={Msg.tokenAmountInvalid}
              placeholder={T.mintPlaceholder}
              testId="token-mint-value"
              errorTestId="token-mint-error"
            />
            {/* The proposer's own reason: required, shown to the approver, kept in the audit log. */}
            <ReasonField form={form} name="reason" label={T.mintReason} testId="token-mint-reason" />
          </>
        )}
      </FormDialog>
      {confirmMint.dialog}
    </Stack>
  );
}

/** /admin/token/fee: fee totals in won, every 200-won fee leg and its detail (`?fee=<id>`), names open the member detail (`?member=<id>`), excel. */
export function TokenFeePage() {
  const list = useListQuery("tokenFeeSearch", { dates: true, filters: ["type", "keyword"], defaultSort: "createdAt" });
  const totals = useQuery(endpointQuery("tokenFee"));
  const member = useDetailParam("member");
  const fee = useDetailParam("fee");
  const detail = useQuery({ ...endpointQuery("feeDetail", { id: fee.id ?? 0, type: "fee" }), enabled: fee.id !== null });
  // The member detail is the members screen's (isAccount1): others see the name without the link.
  const { account } = useSession();
  const mayOpenMember = !!account && allowsArea("members", account);
  const name = (text: string | null, id: number | null) =>
    id === null || !text || !mayOpenMember ? (
      (text ?? "-")
    ) : (
      <Button
        variant="plain"
        size="xs"
        p="0"
        textDecoration="underline"
        onClick={(e) => (e.stopPropagation(), member.open(id))}
        data-testid="fee-member-link"
      >
        {text}
      </Button>
    );
  const columns: Column<FeeRowDto>[] = [
    { key: "id", header: T.id, cell: (r) => r.id, sortKey: "id" },
    {
      key: "phonenumber",
      header: T.phonenumber,
      cell: (r) => name(r.phonenumber ? `${r.username ?? ""} (${r.phonenumber})` : null, r.fromId),
    },
    { key: "receiver", header: T.receiver, cell: (r) => name(r.receiver, r.toId) },
    { key: "type", header: T.type, cell: (r) => r.type },
    {
      key: "giftValue",
      header: T.giftValue,
      cell: (r) => <TxAmount text={`${formatWon(r.giftValue)}${L.won}`} txHash={r.txHash} />,
      numeric: true,
    },
    { key: "value", header: T.fee, cell: (r) => `${formatWon(r.value)}${L.won}`, numeric: true },
    { key: "createdAt", header: T.date, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  ];
  const tab = (k: "daily_value" | "weekly_value" | "monthly_value", p: Period) =>
    `${T.periods[p]} ${totals.data ? `${formatWon(totals.data[k])}${L.won}` : ""}`;
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {T.feeTitle}
      </Heading>
      <PeriodTabs
        labels={{ daily: tab("daily_value", "daily"), weekly: tab("weekly_value", "weekly"), monthly: tab("monthly_value", "monthly") }}
        onPick={(p) => list.setRange(periodRange(p).from, periodRange(p).to)}
        testId="fee-tabs"
      />
      <HStack wrap="wrap" gap="3" justify="space-between">
        <HStack wrap="wrap" gap="3">
          <DateRangeFilter testId="fee-range" from={list.state.from!} to={list.state.to!} onApply={list.setRange} />
          <FilterSelect
            value={list.state.filters.type}
            options={[
              ["gift", T.gift],
              ["use", T.use],
            ]}
            onChange={(v) => list.setFilter("type", v)}
            label={T.type}
            testId="fee-filter"
          />
          <SearchBox testId="fee-search" value={list.state.filters.keyword} onSearch={list.setKeyword} />
          <Button size="sm" variant="outline" onClick={() => void list.query.refetch()} data-testid="fee-refresh">
            {T.refresh}
          </Button>
        </HStack>
        <ExportButton
          def={downloads.tokenFee}
          filter={{ from: list.state.from, to: list.state.to, ...list.state.filters }}
          testId="fee-excel"
        />
      </HStack>
      <ListTable testId="fee-table" columns={columns} rowKey={(r) => r.id} list={list} onRowClick={(r) => fee.open(r.id)} />
      <FieldsDialog
        title={T.detailTitle}
        open={fee.isOpen}
        onClose={fee.close}
        testId="fee-detail"
        error={detailError(fee, detail.error)}
        items={
          !detail.data
            ? null
            : [
                [T.id, detail.data.id],
                [T.type, detail.data.type],
                [T.phonenumber, detail.data.phonenumber ?? "-"],
                [T.sender, detail.data.fromAddress],
                [T.receiver, detail.data.receiver ?? "-"],
                [T.receiverAddress, detail.data.toAddress],
                [T.giftValue, `${formatWon(detail.data.giftValue)}${L.won}`],
                [T.fee, `${formatWon(detail.data.value)}${L.won}`],
                [T.date, formatDateTime(detail.data.createdAt)],
                [T.txHash, detail.data.txHash ?? "-"],
              ]
        }
      />
      <MemberDetailDialog detail={member} />
    </Stack>
  );
}
