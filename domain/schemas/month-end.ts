import { z } from "zod";
import { Msg } from "../messages";
import { asOfParam, asOfPoint } from "./dashboard";

const at = z.strictObject({ at: asOfParam.min(1, { error: Msg.asOfInvalid }) });
export const asOfQuery = at;
export const asOfWalletParams = z.strictObject({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.addressInvalid }) });
export const asOfWallet = z.object({ address: z.string(), balance: z.string(), chainBalance: z.string().nullable(), as_of: asOfPoint });
export const asOfReserves = z.object({
  as_of: asOfPoint,
  rows: z.array(z.object({ class: z.string(), label: z.string(), value: z.string() })),
  total: z.string(),
  chainTotalSupply: z.string().nullable(),
});

export const cutoffRow = z.object({
  id: z.number().int(),
  label: z.string(),
  atTime: z.string(),
  block: z.number().int(),
  blockHash: z.string(),
  blockTime: z.number().int(),
  totalSupply: z.string(),
  customerTotal: z.string(),
  holderCount: z.number().int(),
  merkleRoot: z.string(),
  rootTxHash: z.string().nullable(),
  signer: z.string().nullable(),
  packSha256: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CutoffRowDto = z.infer<typeof cutoffRow>;
export const cutoffList = z.object({ list: z.array(cutoffRow), auditSigner: z.string().nullable() });
export const cutoffCreate = at;
export const cutoffIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const memberProof = z.object({
  label: z.string(),
  chainId: z.number().int(),
  token: z.string(),
  block: z.number().int(),
  address: z.string(),
  balance: z.string(),
  root: z.string(),
  rootTxHash: z.string().nullable(),
  proof: z.array(z.string()),
});
export const memberProofs = z.object({ list: z.array(memberProof) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.dateInvalid });
export const safeguardBody = z.strictObject({
  day,
  amount: z.coerce.number().int().nonnegative().max(1e15),
  method: z.enum(["trust", "deposit", "guarantee"]),
  institution: z.string().trim().min(1, { error: Msg.required }).max(60),
  statement_ref: z.string().trim().min(1, { error: Msg.required }).max(100),
});
export const safeguardImport = z.strictObject({ csv: z.string().min(1, { error: Msg.required }).max(1_000_000) });
export const safeguardIdParams = cutoffIdParams;
export const safeguardListRequest = z.strictObject({ from: day, to: day });
export const safeguardEntry = z.object({
  id: z.number().int(),
  day: z.string(),
  amount: z.string(),
  method: z.string(),
  institution: z.string(),
  statement_ref: z.string(),
  state: z.string(),
  maker_login_id: z.string(),
  checker_login_id: z.string().nullable(),
  created_at: z.string(),
});
export const safeguardDay = z.object({
  day: z.string(),
  block: z.number().int(),
  outstanding: z.string(),
  safeguarded: z.string(),
  short: z.boolean(),
  /** The Korean reason when short. */
  reason: z.string().nullable(),
});
export const safeguardList = z.object({ days: z.array(safeguardDay), entries: z.array(safeguardEntry) });
export const safeguardDecision = z.object({ state: z.string(), day: safeguardDay.nullable() });

// ---- the public transparency page (issue 53) -----------------------------------------------------------------------

const won = z.string().regex(/^\d+$/);
export const transparency = z.object({
  /** When these figures were computed; `stale` when the chain could not be read since (the last good figures). */
  asOf: z.string(),
  stale: z.boolean(),
  token: z.object({ address: z.string(), chainId: z.number().int(), auditSigner: z.string().nullable() }),
  /** The named block every chain figure is read at (final: FINAL_DEPTH below the indexed head). */
  block: z.object({ number: z.number().int(), hash: z.string(), time: z.string() }),
  /** totalSupply() at `block`, read from the node. */
  circulation: won,
  /** Customers' (members' and shops') balances at `block`: the money the issuer owes. */
  customerBalances: won,
  safeguarded: z
    .object({
      day: z.string(),
      amount: won,
      institutions: z.array(z.string()),
      statementRefs: z.array(z.string()),
      /** Customers' balances at that day's end (Seoul), and safeguarded ÷ that, in percent with two decimals. */
      outstandingAtDayEnd: won,
      coveragePercent: z.string().nullable(),
    })
    .nullable(),
  flows: z.array(z.object({ days: z.number().int(), issued: won, redeemed: won })),
  cutoffs: z.array(
    z.object({
      label: z.string(),
      atTime: z.string(),
      block: z.number().int(),
      blockHash: z.string(),
      totalSupply: won,
      customerTotal: won,
      holders: z.number().int(),
      merkleRoot: z.string(),
      rootTxHash: z.string().nullable(),
      packSha256: z.string().nullable(),
    }),
  ),
  reconciliation: z
    .object({ ok: z.boolean(), checkedAt: z.string(), checks: z.number().int(), failed: z.number().int(), block: z.number().int() })
    .nullable(),
  registration: z.object({
    status: z.string(),
    outstandingThreshold: won,
    yearlyIssuanceThreshold: won,
    /** Issued over the trailing 365 days (the same as `flows`' 365-day `issued`). */
    yearlyIssuance: won,
  }),
});
export type TransparencyDto = z.infer<typeof transparency>;

/** The registration thresholds watched (the dashboard's card; issue 53). */
export const thresholds = z.object({
  asOf: z.string(),
  stale: z.boolean(),
  registration: z.string(),
  lines: z.array(
    z.object({
      which: z.enum(["outstanding", "yearlyIssuance"]),
      label: z.string(),
      value: z.string(),
      threshold: z.string(),
      /** value ÷ threshold in percent, one decimal, rounded down. */
      percent: z.string(),
      /** The highest warning level reached (80, 100), or 0. */
      level: z.number().int(),
    }),
  ),
});
export type ThresholdsDto = z.infer<typeof thresholds>;
