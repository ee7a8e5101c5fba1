import { Badge, Code } from "@chakra-ui/react";
import { Link } from "react-router";
import { formatDateTime, formatWon } from "@domain/format";
import type { DashboardColumn, DashboardRowDto } from "@domain/schemas/dashboard";
import type { Column } from "../../components/list/DataTable";
import { L } from "../../labels";

const short = (h: string) => `${h.slice(0, 10)}…${h.slice(-6)}`;

/** An address that opens its wallet detail, shown with its owner's name when the service knows it. */
export function AddressLink({ address, name }: { address: string; name?: string | null }) {
  return (
    <Link to={`/dashboard/detail/${address}`} title={address} onClick={(e) => e.stopPropagation()} data-testid="address-link">
      <Code fontSize="xs">{short(address)}</Code>
      {name ? ` ${name}` : ""}
    </Link>
  );
}

const TYPE_COLOR: Record<DashboardRowDto["type"], string> = {
  mint: "green",
  burn: "red",
  fee: "purple",
  gift: "blue",
  use: "teal",
  settlement: "orange",
  transfer: "gray",
};

/**
 * The dashboard's and the wallet history's columns: the hash opens the transaction, addresses their wallets. Keyed as
 * the dashboard file's columns (DASHBOARD_COLUMNS): its download writes the ones shown.
 */
export function transferColumns(openTx: (hash: string) => void): (Column<DashboardRowDto> & { key: DashboardColumn })[] {
  return [
    {
      key: "hash",
      header: L.dashboard.hash,
      cell: (r) => (
        <Code
          as="button"
          fontSize="xs"
          cursor="pointer"
          onClick={(e) => {
            e.stopPropagation();
            openTx(r.hash);
          }}
          data-testid="tx-hash-link"
          title={r.hash}
        >
          {short(r.hash)}
        </Code>
      ),
    },
    { key: "from", header: L.dashboard.from, cell: (r) => <AddressLink address={r.from} name={r.fromName} /> },
    { key: "to", header: L.dashboard.to, cell: (r) => <AddressLink address={r.to} name={r.toName} /> },
    { key: "value", header: L.dashboard.value, cell: (r) => `${formatWon(Number(r.value))}${L.won}`, numeric: true },
    { key: "timestamp", header: L.dashboard.timestamp, cell: (r) => formatDateTime(r.timestamp), sortKey: "timestamp" },
    { key: "block", header: L.dashboard.block, cell: (r) => r.block, numeric: true },
    {
      key: "gasFee",
      header: L.dashboard.gasFee,
      cell: (r) => (r.gasFee ? `${(Number(r.gasFee) / 1e9).toLocaleString("ko-KR", { maximumFractionDigits: 0 })} 기웨이 (gwei)` : "-"),
      numeric: true,
    },
    { key: "type", header: L.dashboard.type, cell: (r) => <Badge colorPalette={TYPE_COLOR[r.type]}>{L.dashboard.types[r.type]}</Badge> },
  ];
}
