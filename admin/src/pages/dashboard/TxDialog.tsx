import { Badge, Box, Code, HStack, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime, formatWon } from "@domain/format";
import type { TransactionDetailDto } from "@domain/schemas/dashboard";
import { callEndpoint } from "../../api/endpoints";
import { useChainTransaction, type ChainView } from "../../api/chain";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { L } from "../../labels";

type FieldKey = keyof typeof L.tx.fields;
const FIELDS: FieldKey[] = ["status", "blockNumber", "blockHash", "timestamp", "from", "to", "gasUsed", "gasPrice", "transfers"];

/** What the index says, as strings comparable with what the node says. */
function indexView(d: TransactionDetailDto): Record<FieldKey, string> {
  return {
    status: String(d.status),
    blockNumber: String(d.blockNumber),
    blockHash: d.blockHash ?? "",
    confirmations: String(d.confirmations ?? ""),
    timestamp: d.timestamp,
    from: d.from.toLowerCase(),
    to: (d.to ?? "").toLowerCase(),
    gasUsed: d.gasUsed,
    gasPrice: d.gasPrice,
    transfers: d.transfers.map((t) => `${t.from}→${t.to}:${t.value}`.toLowerCase()).join("\n"),
    value: d.value,
    fee: d.fee,
  };
}
function chainView(c: ChainView): Partial<Record<FieldKey, string>> {
  return {
    status: String(c.status),
    blockNumber: String(c.blockNumber),
    blockHash: c.blockHash,
    timestamp: c.timestamp,
    from: c.from.toLowerCase(),
    to: (c.to ?? "").toLowerCase(),
    gasUsed: c.gasUsed,
    gasPrice: c.gasPrice,
    transfers: c.transfers.join("\n").toLowerCase(),
  };
}

const show = (k: FieldKey, v: string) =>
  k === "timestamp" && v ? formatDateTime(v) : k === "status" ? (v === "1" ? L.tx.success : v === "0" ? L.tx.failed : v) : v;

/**
 * One transaction by hash (from any row, or pasted into the URL as `?tx=`): the index's record beside
 * the chain's, read straight from the node with wagmi's hooks (viem), each field marked 일치 / 불일치.
 */
export function TxDialog({ hash, token, onClose }: { hash: string | null; token?: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ["tx", hash],
    queryFn: ({ signal }) => callEndpoint("transaction", { hash: hash! }, { signal }),
    enabled: !!hash,
    retry: false,
  });
  const chain = useChainTransaction(hash, token, detail.isSuccess);
  const idx = detail.data ? indexView(detail.data) : null;
  const onChain = chain.data ? chainView(chain.data) : null;
  const differing = idx && onChain ? FIELDS.filter((k) => idx[k] !== onChain[k]) : [];
  return (
    <DetailDialog open={!!hash} onClose={onClose} title={L.tx.title} testId="tx-dialog">
      {detail.isPending && <Spinner />}
      {detail.error && (
        <Text color="fg.error" data-testid="tx-error">
          {detail.error.message}
        </Text>
      )}
      {detail.data && idx && (
        <Stack gap="4">
          <Code wordBreak="break-all" data-testid="tx-hash">
            {detail.data.hash}
          </Code>
          <HStack data-testid="tx-verdict">
            {chain.isPending && (
              <>
                <Spinner size="sm" />
                <Text>{L.tx.verifying}</Text>
              </>
            )}
            {chain.error && <Badge colorPalette="orange">{L.tx.chainFailed}</Badge>}
            {onChain &&
              (differing.length === 0 ? (
                <Badge colorPalette="green">{L.tx.verifiedAll}</Badge>
              ) : (
                <Badge colorPalette="red">{L.tx.mismatch(differing.length)}</Badge>
              ))}
          </HStack>
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{L.tx.field}</Table.ColumnHeader>
                <Table.ColumnHeader>{L.tx.index}</Table.ColumnHeader>
                <Table.ColumnHeader>{L.tx.chain}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {FIELDS.map((k) => {
                const bad = onChain ? idx[k] !== onChain[k] : false;
                return (
                  <Table.Row
                    key={k}
                    data-testid={`tx-field-${k}`}
                    data-match={onChain ? String(!bad) : "pending"}
                    bg={bad ? "red.subtle" : undefined}
                  >
                    <Table.Cell fontWeight="medium">{L.tx.fields[k]}</Table.Cell>
                    <Table.Cell whiteSpace="pre-wrap" wordBreak="break-all" fontFamily="mono" fontSize="xs">
                      {show(k, idx[k])}
                    </Table.Cell>
                    <Table.Cell whiteSpace="pre-wrap" wordBreak="break-all" fontFamily="mono" fontSize="xs">
                      {onChain ? show(k, onChain[k] ?? "") : ""}
                    </Table.Cell>
                    <Table.Cell>
                      {onChain && <Badge colorPalette={bad ? "red" : "green"}>{bad ? L.tx.differs : L.tx.match}</Badge>}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          <Box>
            <Text fontWeight="medium">
              {L.tx.fields.value}: {formatWon(Number(detail.data.value))}원 · {L.tx.fields.fee}: {formatWon(Number(detail.data.fee))}원 ·{" "}
              {L.tx.fields.confirmations}: {detail.data.confirmations ?? "-"} · {L.tx.method}: {detail.data.method ?? "-"}
            </Text>
          </Box>
          <Box>
            <Text fontWeight="medium">{L.tx.records}</Text>
            {detail.data.records.length === 0 && !detail.data.chainCall && <Text color="fg.muted">-</Text>}
            {detail.data.records.map((r) => (
              <Text key={r.id} data-testid="tx-record">
                {L.tx.recordKinds[r.kind] ?? r.kind} #{r.id}
                {r.orderNo ? ` (${r.orderNo})` : ""}: {r.fromName ?? r.from} → {r.toName ?? r.to}, {formatWon(r.value)}원
                {r.fee ? ` + ${L.tx.fields.fee} ${formatWon(r.fee)}원` : ""}
              </Text>
            ))}
            {detail.data.chainCall && (
              <Text data-testid="tx-record">
                {detail.data.chainCall.method}({detail.data.chainCall.args.join(", ")})
              </Text>
            )}
          </Box>
          <Box>
            <Text fontWeight="medium">{L.tx.events}</Text>
            {detail.data.events.map((e) => (
              <Text key={e.logIndex} fontSize="sm" fontFamily="mono">
                #{e.logIndex} {e.kind} {e.account ? <Link to={`/dashboard/detail/${e.account}`}>{e.account}</Link> : null} {e.amount ?? ""}
              </Text>
            ))}
          </Box>
        </Stack>
      )}
    </DetailDialog>
  );
}
