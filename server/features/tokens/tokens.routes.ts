import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { forbidden, notFound } from "../../http/errors";
import { createRoutes, withMessage } from "../../http/routes";
import { propose } from "../../dual-control/proposals";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import * as repo from "./tokens.repo";
import { allPages } from "../../db/paged";
import { allowsArea } from "../../../domain/admin-access";
import { Msg } from "../../../domain/messages";
import { PHONE_HEADER } from "../../../domain/access-log";
import { formatDateTime } from "../../../domain/format";
import { seoulPeriods } from "../../../domain/schemas/shared/periods";
import { tokensApi as api } from "../../../domain/api/tokens";
import { BURN_STATES, type FeeRowDto, type TokenRowDto } from "../../../domain/schemas/tokens";

const FEE_KIND: Record<string, string> = { gift: "선물", use: "사용" };

const tokenDto = (r: repo.TokenCallRow): TokenRowDto => {
  const [address, amount] = JSON.parse(r.args) as string[];
  const kind = r.method as "mint" | "burn";
  return {
    id: Number(r.id),
    address,
    date: r.updated_at,
    amount: Number(BigInt(amount)),
    burnState: BURN_STATES[kind],
    kind,
    txHash: r.tx_hash,
    blockNumber: r.block_number === null ? null : Number(r.block_number),
    operator: r.login_id ?? null,
    createdAt: r.created_at,
  };
};

const feeDto = (r: repo.FeeDbRow): FeeRowDto => ({
  id: Number(r.id),
  phonenumber: r.phonenumber ?? null,
  username: r.username ?? null,
  fromAddress: r.from_address,
  receiver: r.to_username ?? null,
  toAddress: r.to_address,
  type: FEE_KIND[r.kind] ?? r.kind,
  giftValue: Number(r.value),
  value: Number(r.fee),
  createdAt: r.created_at,
  fromId: r.member_id === null ? null : Number(r.member_id),
  toId: r.counterparty_member_id === null ? null : Number(r.counterparty_member_id),
  txHash: r.tx_hash,
});

const range = (q: { start?: string; end?: string }) => ({ start: q.start!, end: q.end! });
const kindsOf = (t?: "all" | "mint" | "burn"): ("mint" | "burn")[] => (t === "mint" || t === "burn" ? [t] : ["mint", "burn"]);
const feeKind = (t?: "all" | "gift" | "use") => (t === "gift" || t === "use" ? t : undefined);

/** Count and won of mints (burns subtract) per Asia/Seoul day / week / month around `now`. */
export async function tokenTotals(ctx: Pick<AppContext, "db">, now: Date | number = Date.now()) {
  const p = seoulPeriods(now);
  const of = async (r: { start: Date; end: Date }) => {
    const rows = (await repo.tokenCallsBetween(ctx.db, r.start.toISOString(), r.end.toISOString())).map(tokenDto);
    return { count: rows.length, value: rows.reduce((n, x) => n + (x.kind === "mint" ? x.amount : -x.amount), 0) };
  };
  return { daily: await of(p.day), weekly: await of(p.week), monthly: await of(p.month) };
}

export async function feeTotals(ctx: Pick<AppContext, "db">, now: Date | number = Date.now()) {
  const p = seoulPeriods(now);
  const of = (r: { start: Date; end: Date }) => repo.sumFees(ctx.db, r.start.toISOString(), r.end.toISOString());
  return { daily_value: await of(p.day), weekly_value: await of(p.week), monthly_value: await of(p.month) };
}

const TOKEN_FILE: SheetColumn<TokenRowDto>[] = [
  { header: "번호", value: (r) => r.id },
  { header: "주소", value: (r) => r.address, width: 46 },
  { header: "일시", value: (r) => formatDateTime(r.date) },
  { header: "수량", value: (r) => r.amount },
  { header: "구분", value: (r) => r.burnState },
  { header: "처리자", value: (r) => r.operator ?? "" },
  { header: "트랜잭션", value: (r) => r.txHash ?? "", width: 68 },
];
const FEE_FILE: SheetColumn<FeeRowDto>[] = [
  { header: "번호", value: (r) => r.id },
  { header: PHONE_HEADER, value: (r) => r.phonenumber ?? "" },
  { header: "보낸 사람", value: (r) => r.username ?? "" },
  { header: "받는 사람", value: (r) => r.receiver ?? "" },
  { header: "구분", value: (r) => r.type },
  { header: "선물 금액", value: (r) => r.giftValue },
  { header: "수수료", value: (r) => r.value },
  { header: "일시", value: (r) => formatDateTime(r.createdAt) },
  { header: "트랜잭션", value: (r) => r.txHash ?? "", width: 68 },
];

/** Token issuance and fees (spec §7 Token): totals, search, detail, mint, downloads; the mint is journaled, awaited and audited. */
export function tokenRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.tokenManage, async () => tokenTotals(ctx));

  handle(api.tokenSearch, async ({ body: q }) => {
    const page = await repo.listTokenCalls(ctx.db, { ...q, ...range(q), kinds: kindsOf(q.type) });
    return { ...page, list: page.list.map(tokenDto) };
  });

  handle(api.tokenManagementDownload, async ({ query: q }, _req, res) => {
    const rows = allPages(async (page, perPage) => ({
      list: (
        await repo.listTokenCalls(ctx.db, { ...q, ...range(q), kinds: kindsOf(q.type), page, perPage, sortBy: "id", sortDesc: false })
      ).list.map(tokenDto),
    }));
    await streamXlsx(res, { fileName: api.tokenManagementDownload.file, sheetName: "토큰 발행 관리", columns: TOKEN_FILE, rows });
  });

  // Dual control: the mint is a proposal another operator approves (features/proposals); nothing moves here.
  handle(api.tokenMint, async ({ body: { value, reason } }, req) => {
    const proposal = await propose(ctx, authOf(req).admin!, {
      kind: "mint",
      payload: { value },
      reason,
    });
    return withMessage({ proposal, message: Msg.proposalCreated }, Msg.proposalCreated);
  });

  handle(api.tokenFee, async () => feeTotals(ctx));

  handle(api.tokenFeeSearch, async ({ body: q }) => {
    const page = await repo.listFees(ctx.db, { ...q, ...range(q), kind: feeKind(q.type) });
    return { ...page, list: page.list.map(feeDto) };
  });

  handle(api.tokenFeeDownload, async ({ query: q }, _req, res) => {
    const rows = allPages(async (page, perPage) => ({
      list: (
        await repo.listFees(ctx.db, { ...q, ...range(q), kind: feeKind(q.type), page, perPage, sortBy: "id", sortDesc: false })
      ).list.map(feeDto),
    }));
    await streamXlsx(res, { fileName: api.tokenFeeDownload.file, sheetName: "수수료 내역", columns: FEE_FILE, rows });
  });

  // The detail names its list: issuance needs isToken1, fees isToken3.
  handle(api.tokenListDetail, async ({ body: { id, type } }, req) => {
    if (!allowsArea(type === "fee" ? "tokenFee" : "tokenView", authOf(req).admin!)) throw forbidden();
    const row =
      type === "fee"
        ? await repo.feeById(ctx.db, id).then((x) => x && feeDto(x))
        : await repo.tokenCallById(ctx.db, id).then((x) => x && tokenDto(x));
    if (!row) throw notFound();
    return row;
  });

  return router;
}
