import type { Response, Router } from "express";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/request-auth";
import { createRoutes, withMessage } from "../../http/routes";
import { AppError, badRequest } from "../../http/errors";
import { appendAction } from "../../records/audit.repo";
import { monthEndApi as api } from "../../../domain/api/month-end";
import { Msg } from "../../../domain/messages";
import { Code } from "../../../domain/codes";
import type { CutoffsTable } from "../../db/schema-month-end";
import type { Selectable } from "kysely";
import { balanceAsOf, reservesAt, resolveAt } from "../../money/as-of";
import { auditAddress } from "./audit-key";
import { makeCutoff, memberProofs, publishRoot, type MonthEndDeps } from "./cutoff.service";
import { buildPack } from "./pack";
import { buildTrusteeFile } from "./trustee-file";
import { cutoffById, cutoffsNewestFirst, unpublishedCutoffIds } from "./month-end.repo";
import type { Job } from "../../job";
import { TRANSPARENCY_TTL_MS, transparencyCache } from "./transparency.service";
import { thresholdsOf } from "./thresholds.service";

export const monthEndDeps = (ctx: AppContext): MonthEndDeps => ({
  db: ctx.db,
  view: ctx.view,
  provider: ctx.chain.provider,
  token: ctx.chain.token,
  deployment: ctx.chain.deployment,
  kek: ctx.config.keyEncryptionKey,
});

const CLASS_LABEL = { operator: "운영 지갑 보유", member: "고객 보유 (회원·가맹점)", outside: "외부 주소 보유" } as const;

export const cutoffDto = (c: Selectable<CutoffsTable>) => ({
  id: Number(c.id),
  label: c.label,
  atTime: c.at_time,
  block: Number(c.block_number),
  blockHash: c.block_hash,
  blockTime: Number(c.block_time),
  totalSupply: String(c.total_supply),
  customerTotal: String(c.customer_total),
  holderCount: Number(c.holder_count),
  merkleRoot: c.merkle_root,
  rootTxHash: c.root_tx_hash,
  signer: c.signer,
  packSha256: c.pack_sha256,
  createdBy: c.created_by,
  createdAt: c.created_at,
});

/** Publishes the roots of cut-offs made without it (a cut-off made by `npm run audit-pack` waits for this). */
export const publishRootsJob: Job = {
  name: "month-end roots",
  everyMs: 5_000,
  async run(ctx) {
    if (ctx.chain.replaying()) return;
    for (const id of await unpublishedCutoffIds(ctx.db)) await publishRoot(monthEndDeps(ctx), ctx.chain.sender, id);
  },
};

/** The month-end (issue 37): as-of reads for the dashboard, cut-offs and their packs, members' proofs. */
/** A signed zip as a download, never cached. */
function sendZip(res: Response, name: string, zip: Buffer): void {
  res.status(200);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
  res.setHeader("Cache-Control", "no-store");
  res.end(zip);
}

export function monthEndRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const d = monthEndDeps(ctx);
  const figures = transparencyCache(ctx);

  // The public transparency figures: one serialised answer per computation, an ETag, a short public cache.
  handle(api.thresholds, async () => {
    const served = await figures.get();
    if (!served) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
    return thresholdsOf(served.figures);
  });

  // No rate limit: a crowd behind one address reads the same cached bytes (or a 304), which cost next to nothing.
  handle(api.transparency, async (_in, req, res) => {
    const served = await figures.get();
    if (!served) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
    res.setHeader("ETag", served.etag);
    res.setHeader("Cache-Control", `public, max-age=${TRANSPARENCY_TTL_MS / 2000}`);
    if (req.headers["if-none-match"] === served.etag) return void res.status(304).end();
    res.type("application/json").send(served.body);
  });

  handle(api.asOfWallet, async ({ params, query }) => {
    if (!ethers.isAddress(params.address)) throw badRequest(Msg.addressInvalid);
    const address = ethers.getAddress(params.address);
    const point = await resolveAt(ctx.chain.provider, query.at);
    const [balance, chainBalance] = await Promise.all([
      balanceAsOf(d, address, point.block),
      (ctx.chain.token.balanceOf(address, { blockTag: point.block }) as Promise<bigint>).catch(() => null),
    ]);
    return { address, balance: balance.toString(), chainBalance: chainBalance?.toString() ?? null, as_of: point };
  });

  handle(api.asOfReserves, async ({ query }) => {
    const point = await resolveAt(ctx.chain.provider, query.at);
    const { state, held } = await reservesAt(d, point.block);
    const supply = await (ctx.chain.token.totalSupply({ blockTag: point.block }) as Promise<bigint>).catch(() => null);
    return {
      as_of: point,
      rows: (Object.keys(held) as (keyof typeof held)[]).map((k) => ({ class: k, label: CLASS_LABEL[k], value: held[k].toString() })),
      total: state.total.toString(),
      chainTotalSupply: supply?.toString() ?? null,
    };
  });

  handle(api.cutoffList, async () => {
    const rows = await cutoffsNewestFirst(ctx.db, 120);
    return { list: rows.map(cutoffDto), auditSigner: await auditAddress(ctx.db) };
  });

  handle(api.cutoffCreate, async ({ body }, req) => {
    const by = authOf(req).admin!;
    const c = await makeCutoff(d, body.at, by.login_id);
    const txHash = await publishRoot(d, ctx.chain.sender, Number(c.id));
    await appendAction(ctx.db, {
      adminId: by.id,
      adminLoginId: by.login_id,
      action: "monthEnd.cutoff",
      targetType: "cutoff",
      targetId: Number(c.id),
      after: { block: Number(c.block_number), root: c.merkle_root },
      txHash,
    });
    const row = (await cutoffById(ctx.db, Number(c.id)))!;
    return withMessage(cutoffDto(row), Msg.cutoffMade);
  });

  handle(api.cutoffTrusteeFile, async ({ params }, req, res) => {
    const by = authOf(req).admin!;
    const file = await buildTrusteeFile(d, params.id);
    await appendAction(ctx.db, {
      adminId: by.id,
      adminLoginId: by.login_id,
      action: "monthEnd.trusteeFile",
      targetType: "cutoff",
      targetId: params.id,
    });
    // The access log counts the members the file names.
    res.locals.rowsWritten = file.rows;
    sendZip(res, file.name, file.zip);
  });

  handle(api.cutoffPack, async ({ params }, req, res) => {
    const by = authOf(req).admin!;
    const pack = await buildPack(d, params.id);
    await appendAction(ctx.db, {
      adminId: by.id,
      adminLoginId: by.login_id,
      action: "monthEnd.pack",
      targetType: "cutoff",
      targetId: params.id,
    });
    sendZip(res, pack.name, pack.zip);
  });

  handle(api.memberProofs, async (_in, req) => {
    const wallet = await ctx.custody.memberWallet(authOf(req).member!.id);
    return { list: wallet ? await memberProofs(d, wallet.address) : [] };
  });

  return router;
}
