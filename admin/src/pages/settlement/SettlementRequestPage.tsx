import { useState } from "react";
import { Button, Card, Field, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { WonInput } from "@common/WonInput";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PasswordDialog } from "@common/PasswordDialog";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { SettlementHistoryDto } from "@domain/schemas/settlement";
import { callEndpoint, downloads } from "../../api/endpoints";
import { endpointQuery, refreshMoney } from "../../api/queries";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import type { Column } from "../../components/list/DataTable";
import { snack } from "../../components/ui/toaster";
import { CL } from "./settlement.labels";

const HISTORY_COLUMNS: Column<SettlementHistoryDto>[] = [
  { key: "exchangeNo", header: CL.history.exchangeNo, cell: (r) => r.exchangeNo },
  { key: "balance", header: CL.history.balance, cell: (r) => formatWon(r.balance), numeric: true },
  { key: "createdAt", header: CL.history.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  { key: "exchangeAccept", header: CL.history.exchangeAccept, cell: (r) => r.exchangeAccept },
];

/** Why the request cannot be sent yet (spec §8 calc request), or null. */
export function requestProblem(wallet: { balance: number } | undefined, amount: string): string | null {
  if (!wallet || amount.trim() === "") return Msg.required;
  if (!/^\d+$/.test(amount.trim()) || Number(amount) <= 0) return Msg.required;
  if (wallet.balance <= 0) return Msg.settlementWalletEmpty;
  if (Number(amount) > wallet.balance) return Msg.settlementOverBalance;
  return null;
}

/**
 * /admin/calc/request (permission 3, isExchange3): pick the linked shop member's wallet, see its balance,
 * enter an amount, confirm with the member's six-digit payment password; the history below by date range.
 */
export function SettlementRequestPage() {
  const qc = useQueryClient();
  const wallets = useQuery(endpointQuery("settlementWallets"));
  const [address, setAddress] = useState("");
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const selected = wallets.data?.find((w) => w.address === address) ?? (wallets.data?.length === 1 ? wallets.data[0] : undefined);
  const history = useListQuery("settlementHistory", {
    dates: true,
    fixed: selected ? { wallet: selected.address } : {},
    defaultSort: "createdAt",
  });

  async function submit(password: string, idempotencyKey: string) {
    await callEndpoint("settlementRequest", { address: selected!.address, value: Number(amount), password }, { idempotencyKey });
    snack(Msg.settlementRequestDone, { type: "success" });
    setAsking(false);
    setAmount("");
    void refreshMoney(qc);
  }

  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {CL.request.title}
      </Heading>
      <Card.Root maxW="xl">
        <Card.Body>
          <Stack
            as="form"
            gap="4"
            onSubmit={(e) => {
              e.preventDefault();
              const p = requestProblem(selected, amount);
              setProblem(p);
              if (!p) setAsking(true);
            }}
          >
            <Field.Root>
              <Field.Label>{CL.request.wallet}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={selected?.address ?? ""}
                  onChange={(e) => setAddress(e.currentTarget.value)}
                  data-testid="calc-wallet"
                >
                  <option value="">{CL.request.walletPlaceholder}</option>
                  {wallets.data?.map((w) => (
                    <option key={w.address} value={w.address}>
                      {w.address}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <HStack justify="space-between">
              <Text color="fg.muted">{CL.request.balance}</Text>
              <Text fontWeight="bold" data-testid="calc-balance">
                {selected ? `${formatWon(selected.balance)}원` : "-"}
              </Text>
            </HStack>
            <Field.Root invalid={problem !== null}>
              <Field.Label>{CL.request.amount}</Field.Label>
              {/* Digits only; a pasted `10.5` is refused, never read as 105 (ui-common/WonInput.tsx). */}
              <WonInput value={amount} onChange={setAmount} placeholder={CL.request.amountPlaceholder} testId="calc-amount" />
              {problem && <Field.ErrorText data-testid="calc-amount-error">{problem}</Field.ErrorText>}
            </Field.Root>
            {wallets.isError && <Text color="fg.error">{wallets.error.message}</Text>}
            <Button type="submit" disabled={!wallets.data} data-testid="calc-submit">
              {CL.request.submit}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Heading size="md">{CL.request.history}</Heading>
      <HStack wrap="wrap" gap="3" justify="space-between">
        <DateRangeFilter from={history.state.from!} to={history.state.to!} onApply={history.setRange} testId="calc-history-range" />
        <ExportButton
          def={downloads.settlementHistory}
          filter={{ ...history.request, page: undefined, perPage: undefined }}
          testId="calc-history-excel"
        />
      </HStack>
      <ListTable
        testId="calc-history-table"
        columns={HISTORY_COLUMNS}
        rowKey={(r) => r.exchangeNo}
        emptyText={Msg.noResults}
        list={history}
      />
      <PasswordDialog open={asking} onClose={() => setAsking(false)} onSubmit={submit} />
    </Stack>
  );
}
