import { useState } from "react";
import { Button, Code, Field, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { allowsArea } from "@domain/admin-access";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { DUAL_CONTROL_TRANSFER_THRESHOLD_WON } from "@domain/constants";
import { walletCreateBody, type OperatorWalletDto } from "@domain/schemas/wallets";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, endpointQuery, refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { FormDialog } from "../../components/dialogs/FormDialog";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { snack } from "../../components/ui/toaster";
import { copyAndTell } from "@common/clipboard";
import { WonInput } from "@common/WonInput";
import { useRetryKey } from "@common/retryKey";
import { L } from "../../labels";
import { useProposalCreated } from "../proposals/useProposalCreated";
import { CopyIcon } from "../../components/ui/icons";

const W = L.wallet;
const won = (n: number) => `${formatWon(n)}${L.won}`;

const columns: Column<OperatorWalletDto>[] = [
  { key: "id", header: W.id, cell: (w) => w.id },
  { key: "wallet", header: W.wallet, cell: (w) => w.wallet },
  {
    key: "address",
    header: W.address,
    cell: (w) => (
      <HStack gap="1">
        <Code fontSize="xs">{w.address}</Code>
        <IconButton size="2xs" variant="ghost" aria-label={W.copy} onClick={() => void copyAndTell(w.address)} data-testid="wallet-copy">
          <CopyIcon />
        </IconButton>
      </HStack>
    ),
  },
  {
    key: "balance",
    header: W.balance,
    cell: (w) => (
      <Text as="span" data-testid="wallet-balance">
        {won(w.balance)}
      </Text>
    ),
    numeric: true,
  },
  { key: "daily", header: W.daily, cell: (w) => won(w.date_value.daily_value), numeric: true },
  { key: "weekly", header: W.weekly, cell: (w) => won(w.date_value.weekly_value), numeric: true },
  { key: "monthly", header: W.monthly, cell: (w) => won(w.date_value.monthly_value), numeric: true },
];

/** /admin/address/wallet: operator wallets (balance from the index, movement), create (isWallet2), transfer (isWallet3). */
export function WalletsPage() {
  const qc = useQueryClient();
  const { account } = useSession();
  const canCreate = account ? allowsArea("walletCreate", account) : false;
  const canSend = account ? allowsArea("walletTransfer", account) : false;
  // The list a page at a time, oldest wallet first; the transfer picks from all of them.
  const list = useListQuery("walletPage", { fixed: { sortBy: "id", sortDesc: false } });
  const all = useQuery({ ...endpointQuery("walletList"), enabled: canSend });
  const [creating, setCreating] = useState(false);
  const reload = () => {
    void qc.invalidateQueries({ queryKey: endpointKey("walletPage") });
    void qc.invalidateQueries({ queryKey: endpointKey("walletList") });
  };
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {W.title}
        </Heading>
        {canCreate && (
          <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)} data-testid="wallet-create-open">
            {W.create}
          </Button>
        )}
      </HStack>
      <ListTable
        testId="wallet-table"
        columns={columns}
        rowKey={(w) => w.id}
        rowProps={(w) => ({ "data-testid": "wallet-row", "data-address": w.address })}
        emptyText={Msg.noResults}
        list={list}
      />
      {canSend && <TransferForm wallets={all.data ?? []} />}
      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={W.create}
        schema={walletCreateBody}
        defaultValues={{ nickName: "" }}
        testId="wallet-create"
        onSubmit={async (v) => {
          try {
            await callEndpoint("walletCreate", v);
            snack(Msg.walletCreated, { type: "success" });
            setCreating(false);
            reload();
          } catch (e) {
            snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
          }
        }}
      >
        {(form) => (
          <Field.Root required invalid={Boolean(form.formState.errors.nickName)}>
            <Field.Label>
              {W.nickName}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register("nickName")} maxLength={30} data-testid="wallet-create-nickname" />
            <Field.ErrorText>{form.formState.errors.nickName?.message as string | undefined}</Field.ErrorText>
          </Field.Root>
        )}
      </FormDialog>
    </Stack>
  );
}

const EMPTY = { from: "", to: "", value: "", reason: "" };

/** The transfer from an operator wallet (wallet page; the dashboard shows it in a dialog, through its own call). */
export function TransferForm({
  wallets,
  onSent,
  via = "walletSend",
}: {
  wallets: OperatorWalletDto[];
  onSent?: () => void;
  via?: "walletSend" | "dashboardTransfer";
}) {
  const qc = useQueryClient();
  const [f, setF] = useState(EMPTY);
  const [asking, setAsking] = useState(false);
  // The same transfer tried again after no answer or a 5xx is the same request (one move).
  const retryKey = useRetryKey();
  const proposalCreated = useProposalCreated();
  const send = useMutation({
    mutationFn: () => {
      const reason = f.reason.trim();
      const body = { from: f.from, to: f.to.trim(), value: f.value, ...(reason ? { reason } : {}) };
      return callEndpoint(via, body, { idempotencyKey: retryKey.keyFor(body) });
    },
    onSuccess: (r) => {
      retryKey.settled();
      setF(EMPTY);
      // Above the dual-control threshold the transfer is a proposal another operator approves.
      if ("proposal" in r) return proposalCreated(r.proposal);
      snack(Msg.transferDone, { type: "success" });
      // Both wallets' balances move, and the totals with them (again when the index confirms the move: realtime/).
      void refreshMoney(qc);
      onSent?.();
    },
    onError: (e) => {
      retryKey.settled(e);
      snack(e instanceof ApiError ? (e.unanswered ? Msg.resultUnknown : e.message) : Msg.transferCheckInput, { type: "error" });
    },
    onSettled: () => setAsking(false),
  });
  function submit() {
    if (!f.from || !f.to.trim() || !f.value) return snack(Msg.required, { type: "error" });
    if (!/^\d+$/.test(f.value) || Number(f.value) <= 0) return snack(Msg.transferCheckInput, { type: "error" });
    // Above the threshold it becomes a proposal: its proposer's own reason goes with it.
    if (Number(f.value) > DUAL_CONTROL_TRANSFER_THRESHOLD_WON && !f.reason.trim())
      return snack(Msg.proposalReasonRequired, { type: "error" });
    setAsking(true);
  }
  return (
    <Stack gap="3" borderWidth="1px" borderColor="card.border" rounded="md" bg="card.bg" p="4" data-testid="wallet-transfer">
      <Heading size="md">{W.transfer}</Heading>
      <HStack wrap="wrap" gap="3" align="end">
        <Field.Root required w={{ base: "full", md: "64" }}>
          <Field.Label>{W.from}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={f.from} onChange={(e) => setF({ ...f, from: e.target.value })} data-testid="wallet-transfer-from">
              <option value="">{W.pick}</option>
              {wallets.map((w) => (
                <option key={w.id} value={w.address}>{`${w.wallet} (${won(w.balance)})`}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required w={{ base: "full", md: "96" }}>
          <Field.Label>{W.to}</Field.Label>
          <Input
            size="sm"
            list="wallet-transfer-to-options"
            value={f.to}
            onChange={(e) => setF({ ...f, to: e.target.value })}
            placeholder={W.toPlaceholder}
            data-testid="wallet-transfer-to"
          />
          <datalist id="wallet-transfer-to-options">
            {wallets.map((w) => (
              <option key={w.id} value={w.address}>
                {w.wallet}
              </option>
            ))}
          </datalist>
        </Field.Root>
        <Field.Root required w={{ base: "full", md: "48" }}>
          <Field.Label>{W.amount}</Field.Label>
          {/* Spec: length 100, precision 0; a safe integer caps it at 16 digits. A pasted `10.5` is refused, never 105. */}
          <WonInput size="sm" maxDigits={100} value={f.value} onChange={(value) => setF({ ...f, value })} testId="wallet-transfer-value" />
        </Field.Root>
        <Field.Root w={{ base: "full", md: "64" }} required={Number(f.value) > DUAL_CONTROL_TRANSFER_THRESHOLD_WON}>
          <Field.Label>{W.reason}</Field.Label>
          <Input
            size="sm"
            maxLength={200}
            value={f.reason}
            onChange={(e) => setF({ ...f, reason: e.target.value })}
            data-testid="wallet-transfer-reason"
          />
          <Field.HelperText>{W.reasonHint}</Field.HelperText>
        </Field.Root>
        <Button size="sm" colorPalette="brand" onClick={submit} loading={send.isPending} data-testid="wallet-transfer-submit">
          {W.send}
        </Button>
      </HStack>
      <ConfirmDialog
        open={asking}
        // What is about to move, said once more: amount, from which wallet, to which address.
        message={`${Msg.transferConfirm}\n${won(Number(f.value || 0))}\n${wallets.find((w) => w.address === f.from)?.wallet ?? f.from} → ${f.to.trim()}`}
        loading={send.isPending}
        onConfirm={() => send.mutate()}
        onClose={() => setAsking(false)}
        testId="wallet-transfer-confirm"
      />
    </Stack>
  );
}
