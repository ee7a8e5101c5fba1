import crypto from "node:crypto";
import type { AppContext } from "../../context";
import { getMeta, setMeta } from "../../db/app-db";
import { FINAL_DEPTH, holderClasses, reservesOf, resolveAt, stateAt } from "../../money/as-of";
import { lastReconciliation } from "../../records/reconciliation";
import { auditAddress } from "./audit-key";
import { Code } from "../../../domain/codes";
import type { TransparencyDto } from "../../../domain/schemas/month-end";

/** The windows of issued and redeemed (days). */
const FLOW_DAYS = [7, 30, 365] as const;
/** How long figures are served before they are computed again (in the background: a reader never waits for it). */
export const TRANSPARENCY_TTL_MS = 30_000;
const LAST_GOOD = "transparency_last_good";
/** A computation that has not finished by then is given up (a node that hangs must not hold the figures back). */
export const TRANSPARENCY_COMPUTE_TIMEOUT_MS = 8_000;

type Deps = Pick<AppContext, "db" | "view" | "chain" | "config">;

/** Safeguarded ÷ outstanding in percent with two decimals, exactly (bigint basis points); null when nothing is owed. */
export function coveragePercent(safeguarded: bigint, outstanding: bigint): string | null {
  if (outstanding === 0n) return null;
  const bp = (safeguarded * 10_000n) / outstanding;
  return `${bp / 100n}.${String(bp % 100n).padStart(2, "0")}`;
}

/** Customers' balances at a day's end (Seoul), remembered per day and block (a closed day's figure does not change). */
const dayEnds = new WeakMap<object, Map<string, { block: number; outstanding: bigint }>>();

/**
 * Every figure of the page, computed now. The chain figures are read at a named final block (FINAL_DEPTH below the
 * indexed head: no reorg reaches it, and each computation carries the previous one's remembered state forward by the
 * transfers since, as-of's way). Nothing personal: totals, roots, hashes, the audit key's address.
 */
export async function computeTransparency(d: Deps, now = new Date()): Promise<TransparencyDto> {
  const head = (await d.view.indexedHead())?.number ?? 0;
  // Never before the token's deployment (a young chain has fewer than FINAL_DEPTH blocks since).
  const blockNumber = Math.max(Number(d.chain.deployment.deployBlock), head - FINAL_DEPTH);
  const [block, circulation, classOf] = await Promise.all([
    d.chain.provider.getBlock(blockNumber),
    d.chain.token.totalSupply({ blockTag: blockNumber }) as Promise<bigint>,
    holderClasses(d.db),
  ]);
  if (!block) throw new Error(`block ${blockNumber} not found`);
  const held = reservesOf(await stateAt(d, blockNumber), classOf);

  const latest = await d.db
    .selectFrom("safeguards")
    .select("day")
    .where("state", "=", "approved")
    .orderBy("day", "desc")
    .limit(1)
    .executeTakeFirst();
  let safeguarded: TransparencyDto["safeguarded"] = null;
  if (latest) {
    const entries = await d.db
      .selectFrom("safeguards")
      .select(["amount", "institution", "statement_ref"])
      .where("day", "=", latest.day)
      .where("state", "=", "approved")
      .orderBy("id")
      .execute();
    const amount = entries.reduce((s, e) => s + BigInt(e.amount), 0n);
    let memo = dayEnds.get(d.view);
    if (!memo) dayEnds.set(d.view, (memo = new Map()));
    const point = await resolveAt(d.chain.provider, `${latest.day} 23:59:59`);
    const at = Math.min(point.block, blockNumber);
    let end = memo.get(latest.day);
    if (!end || end.block !== at) {
      end = { block: at, outstanding: reservesOf(await stateAt(d, at), classOf).member };
      memo.set(latest.day, end);
    }
    safeguarded = {
      day: latest.day,
      amount: amount.toString(),
      institutions: [...new Set(entries.map((e) => e.institution))],
      statementRefs: entries.map((e) => e.statement_ref),
      outstandingAtDayEnd: end.outstanding.toString(),
      coveragePercent: coveragePercent(amount, end.outstanding),
    };
  }

  const flows = await Promise.all(
    FLOW_DAYS.map(async (days) => {
      const f = await d.view.supplyFlows(new Date(now.getTime() - days * 86_400_000));
      return { days, issued: f.minted.toString(), redeemed: f.burned.toString() };
    }),
  );
  const cutoffs = await d.db.selectFrom("cutoffs").selectAll().orderBy("block_number", "desc").limit(24).execute();
  return {
    asOf: now.toISOString(),
    stale: false,
    token: { address: d.chain.deployment.token, chainId: Number(d.chain.deployment.chainId), auditSigner: await auditAddress(d.db) },
    block: { number: blockNumber, hash: block.hash ?? "", time: new Date(block.timestamp * 1000).toISOString() },
    circulation: circulation.toString(),
    customerBalances: held.member.toString(),
    safeguarded,
    flows,
    cutoffs: cutoffs.map((c) => ({
      label: c.label,
      atTime: c.at_time,
      block: Number(c.block_number),
      blockHash: c.block_hash,
      totalSupply: String(c.total_supply),
      customerTotal: String(c.customer_total),
      holders: Number(c.holder_count),
      merkleRoot: c.merkle_root,
      rootTxHash: c.root_tx_hash,
      packSha256: c.pack_sha256,
    })),
    reconciliation: await lastReconciliation(d.db),
    registration: {
      status: d.config.issuerRegistration,
      outstandingThreshold: d.config.thresholds.outstanding.toString(),
      yearlyIssuanceThreshold: d.config.thresholds.yearlyIssuance.toString(),
      yearlyIssuance: flows[2].issued,
    },
  };
}

export interface ServedFigures {
  /** The whole answer (`{ code: 200, data }`), serialised once per computation. */
  body: Buffer;
  etag: string;
  figures: TransparencyDto;
  /** When this process last tried to compute (a failure waits out the TTL too, so a dead node is not hammered). */
  triedAt: number;
}

const serve = (figures: TransparencyDto, triedAt: number): ServedFigures => {
  const body = Buffer.from(JSON.stringify({ code: Code.OK, data: figures }));
  return { body, etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, figures, triedAt };
};

/**
 * The page's figures as served: computed at most once a TTL per process, in the background once there are figures
 * (a reader gets the last ones at once), single-flight. If the chain cannot be read, the last good figures are served,
 * marked `stale` with their own time; a process that never computed any takes the last good ones the store kept.
 */
/** The cache of a stack (by its store), once its routes made one: tests compute or read it directly. */
const caches = new WeakMap<object, ReturnType<typeof makeCache>>();
export const transparencyOf = (ctx: Pick<AppContext, "db">) => caches.get(ctx.db);

export function transparencyCache(d: Deps & Pick<AppContext, "log">) {
  const c = makeCache(d);
  caches.set(d.db, c);
  return c;
}

function makeCache(d: Deps & Pick<AppContext, "log">) {
  let current: ServedFigures | null = null;
  let running: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    const tried = Date.now();
    try {
      let timer: NodeJS.Timeout | undefined;
      const figures = await Promise.race([
        computeTransparency(d),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("the chain did not answer in time")), TRANSPARENCY_COMPUTE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      current = serve(figures, tried);
      await setMeta(d.db, LAST_GOOD, JSON.stringify(figures));
    } catch (err) {
      d.log.warn({ err: (err as Error).message }, "transparency figures not computed: serving the last good ones");
      const last = current?.figures ?? (await lastGood());
      if (last) current = serve({ ...last, stale: true }, tried);
    }
  }
  async function lastGood(): Promise<TransparencyDto | null> {
    const v = await getMeta(d.db, LAST_GOOD);
    return v ? (JSON.parse(v) as TransparencyDto) : null;
  }
  const start = () => {
    running ??= refresh().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    async get(): Promise<ServedFigures | null> {
      if (!current) await start();
      else if (Date.now() - current.triedAt > TRANSPARENCY_TTL_MS) void start();
      return current;
    },
    /** Computes now (tests; a month-end cut-off or an approved safeguarding could call it too). */
    refresh: start,
  };
}
