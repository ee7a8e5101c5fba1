import { z } from "zod";
import { proposalReason } from "./proposals";
import { Msg } from "../messages";
import { columnChoice, listRequest, paged } from "./shared/list";

/** The chain dashboard (spec: dashboard, dashboard/detail/{address}, dashboard/holder; docs/architecture.md "Dashboard"). */

export const DASHBOARD_TYPES = ["mint", "transfer", "gift", "use", "fee", "burn", "settlement"] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];
export const FILTER_TYPES = ["hash", "address", "name", "phone"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const txHash = z
  .string({ error: Msg.txHashInvalid })
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: Msg.txHashInvalid })
  .transform((h) => h.toLowerCase());
export const walletAddress = z
  .string({ error: Msg.addressInvalid })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.addressInvalid });

const dashboardFilters = {
  type: z.enum(DASHBOARD_TYPES, { error: Msg.badRequest }).optional(),
  filter: z.string().trim().max(100).optional(),
  filter_type: z.enum(FILTER_TYPES, { error: Msg.badRequest }).optional(),
};
export const dashboardListRequest = listRequest({ sortable: ["timestamp"], dates: true, filters: dashboardFilters });
export type DashboardListRequest = z.output<typeof dashboardListRequest>;

/**
 * The transaction list's columns, by key: a download's `columns` names them. In the file an address is followed by
 * its owner's name (the screen shows both in one cell), so `from` and `to` write two columns each.
 */
export const DASHBOARD_COLUMNS = ["hash", "from", "to", "value", "timestamp", "block", "gasFee", "type"] as const;
export type DashboardColumn = (typeof DASHBOARD_COLUMNS)[number];
/** The list's filter, and the columns to write (the ones on screen) when the operator chose them. */
export const dashboardDownloadRequest = listRequest({
  sortable: ["timestamp"],
  dates: true,
  filters: { ...dashboardFilters, columns: columnChoice(DASHBOARD_COLUMNS) },
});

export const dashboardRow = z.object({
  hash: z.string(),
  logIndex: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Won (the token has 0 decimals); decimal string, exact. */
  value: z.string(),
  timestamp: z.string(),
  block: z.number().int(),
  /** gasUsed × gasPrice in wei, decimal string. */
  gasFee: z.string().nullable(),
  type: z.enum(DASHBOARD_TYPES),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
});
export type DashboardRowDto = z.infer<typeof dashboardRow>;
export const dashboardList = paged(dashboardRow);

const tokenEvent = z.object({
  logIndex: z.number().int(),
  kind: z.string(),
  account: z.string().nullable(),
  actor: z.string().nullable(),
  nonce: z.string().nullable(),
  amount: z.string().nullable(),
});
const transferLeg = z.object({ logIndex: z.number().int(), from: z.string(), to: z.string(), value: z.string(), kind: z.string() });
export const businessRecord = z.object({
  kind: z.string(),
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  value: z.number().int(),
  fee: z.number().int(),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  createdAt: z.string(),
  orderNo: z.string().nullable(),
});

/** What the index says of one transaction; the admin app checks each field against the node itself. */
export const transactionDetail = z.object({
  hash: z.string(),
  status: z.number().int(),
  blockNumber: z.number().int(),
  blockHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  timestamp: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  method: z.string().nullable(),
  gasUsed: z.string(),
  gasPrice: z.string(),
  value: z.string(),
  fee: z.string(),
  transfers: z.array(transferLeg),
  events: z.array(tokenEvent),
  records: z.array(businessRecord),
  chainCall: z.object({ method: z.string(), args: z.array(z.string()) }).nullable(),
});
export type TransactionDetailDto = z.infer<typeof transactionDetail>;

export const walletDetail = z.object({
  address: z.string(),
  indexedBalance: z.string(),
  chainBalance: z.string().nullable(),
  blocked: z.boolean(),
  owner: z
    .object({
      kind: z.string(),
      nickname: z.string().nullable(),
      memberId: z.number().int().nullable(),
      username: z.string().nullable(),
      phonenumber: z.string().nullable(),
      state: z.string().nullable(),
      permission: z.string().nullable(),
    })
    .nullable(),
});
export type WalletDetailDto = z.infer<typeof walletDetail>;

export const walletHistoryRequest = listRequest({ sortable: ["timestamp"], filters: { address: walletAddress } });
export type WalletHistoryRequest = z.output<typeof walletHistoryRequest>;

/** `at`: a block number or a date-time (Seoul time without an offset): the holders as of then (issue 37). */
export const asOfParam = z.string().trim().max(40);
export const holdersRequest = listRequest({ sortable: ["balance"], filters: { at: asOfParam.optional() } });
/** The holders file: every holder, now or as of `at` (the list's own filter). */
export const holdersDownloadRequest = z.strictObject({ at: asOfParam.optional() });
/** The block a past view was read at. */
export const asOfPoint = z.object({ block: z.number().int(), hash: z.string(), time: z.number().int() });
export const holderRow = z.object({ rank: z.number().int(), address: z.string(), balance: z.string(), name: z.string().nullable() });
export const holdersAnswer = z.object({
  holder_list: z.array(holderRow),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  /** Σ of indexed balances kept by the indexer (minted − burned over the indexed blocks). */
  total_balance: z.string(),
  /** totalSupply() read from the contract now; null when the node does not answer. */
  chain_total_supply: z.string().nullable(),
  /** Present when `at` was asked: the block the page is as of (totalSupply read at that block). */
  as_of: asOfPoint.nullable().optional(),
});
export type HoldersAnswer = z.infer<typeof holdersAnswer>;

export const blockBody = z.strictObject({
  phone: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(20),
  /** Why (dual control): the proposer's own reason, required, shown to the approver and kept in the audit log. */
  reason: proposalReason,
});
/** A block or unblock, once on chain: the wallet, its transaction and the Korean outcome. */
export const walletBlockResult = z.object({
  address: z.string(),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  message: z.string(),
});

/** GET /api/dashboard/transaction/:hash, GET /api/dashboard/detail/:address. */
export const txHashParams = z.strictObject({ hash: txHash });
export const walletAddressParams = z.strictObject({ address: walletAddress });

/** One check of the reconciliation: `check` a fixed key (machine-readable), `label` and `detail` in Korean (for people). */
export const reconcileLine = z.object({ check: z.string(), label: z.string(), ok: z.boolean(), detail: z.string() });
export const reconcileReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  lines: z.array(reconcileLine),
  reserves: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ReconcileReportDto = z.infer<typeof reconcileReport>;

/** GET /api/dashboard/pauses: the token's emergency pauses and unpauses as the chain holds them, newest first. */
export const pauseTimeline = z.object({
  paused: z.boolean(),
  list: z.array(
    z.object({
      kind: z.enum(["paused", "unpaused"]),
      blockNumber: z.number().int(),
      txHash: z.string(),
      actor: z.string().nullable(),
      timestamp: z.string(),
    }),
  ),
});
export type PauseTimelineDto = z.infer<typeof pauseTimeline>;
/** GET /api/dashboard/gas (server/money/gas.ts): every account that pays gas (one per role key), and the replacements of stuck transactions. */
export const gasReport = z.object({
  accounts: z.array(
    z.object({
      /** The role accounts this key is (chain/roles.ts ROLE_ACCOUNTS); the relaying account's line comes first. */
      roles: z.array(z.enum(["admin", "masterMinter", "minter", "burner", "blocker", "pauser", "relayer"])),
      signer: z.enum(["local", "remote"]),
      address: z.string(),
      balanceWei: z.string(),
      txsLeft: z.number().int(),
      low: z.boolean(),
    }),
  ),
  feePerGasWei: z.string(),
  low: z.boolean(),
  refusing: z.boolean(),
  warnTxs: z.number().int(),
  refuseTxs: z.number().int(),
  replacements: z.array(
    z.object({
      id: z.number().int(),
      nonce: z.number().int(),
      old_hash: z.string().nullable(),
      new_hash: z.string(),
      reason: z.enum(["stuck", "dropped", "gap"]),
      max_fee_per_gas: z.string(),
      max_priority_fee_per_gas: z.string(),
      created_at: z.string(),
      account: z.string(),
    }),
  ),
});
