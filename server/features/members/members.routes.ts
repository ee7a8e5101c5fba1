import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { chosenColumns, streamXlsx, type KeyedColumn } from "../../http/xlsx";
import {
  listMembers,
  memberAdminRow,
  memberHistory,
  memberTotals,
  setMemberPermission,
  streamMembers,
  walletsOfMembers,
  type MemberAdminRow,
} from "./member-admin.repo";
import { orderedBetween } from "../../records/members.repo";
import { memberById, setMemberState } from "../../records/members.repo";
import { Code } from "../../../domain/codes";
import { actionsOn, appendAction } from "../../records/audit.repo";
import { membersApi as api } from "../../../domain/api/members";
import type { MemberColumn, MemberListRequest, MemberRowDto } from "../../../domain/schemas/members";
import { MONTHLY_BUY_LIMIT_WON } from "../../../domain/constants";
import { formatDate, seoulMonthRange } from "../../../domain/format";
import { Msg } from "../../../domain/messages";
import { PHONE_HEADER } from "../../../domain/access-log";

const STATE_LABEL = { repair: "정상", suspension: "정지", kickOut: "탈퇴" } as const;
const GRADE_LABEL = { user: "사용자", exchanger: "점주", manager: "관리자" } as const;
/** Wallet history labels of a move the member sent, and of one it received. */
const SENT_LABEL: Record<string, string> = {
  gift: "선물",
  use: "사용",
  settlement: "정산 신청",
  settlement_return: "정산 반환",
  admin: "관리자 전송",
  seed: "초기 지급",
};
const RECEIVED_LABEL: Record<string, string> = { ...SENT_LABEL, gift: "받은 선물", use: "받은 결제" };
const BUY_LABEL = { pending: "구매대기", confirmed: "구매확정", cancelled: "구매취소" } as const;

/** Page rows with their wallet addresses and indexed holdings (the chain store is a separate database). */
async function withHoldings(ctx: AppContext, rows: MemberAdminRow[]): Promise<MemberRowDto[]> {
  const wallets = await walletsOfMembers(
    ctx.db,
    rows.map((r) => r.id),
  );
  const balances = await ctx.view.balancesOf(wallets.map((w) => w.address));
  return rows.map((r) => {
    const own = wallets.filter((w) => w.member_id === r.id);
    const holding = own.reduce((n, w) => n + (balances.get(w.address) ?? 0n), 0n);
    return { ...r, id: Number(r.id), holding: Number(holding), wallets: own.map((w) => ({ address: w.address })) };
  });
}

/** The member file's columns, keyed as the list's (MEMBER_COLUMNS); a download's `columns` picks and orders them. */
export const MEMBER_FILE: KeyedColumn<MemberRowDto, MemberColumn>[] = [
  { key: "id", header: "번호", value: (m) => m.id },
  { key: "username", header: "이름", value: (m) => m.username },
  { key: "phonenumber", header: PHONE_HEADER, value: (m) => m.phonenumber },
  { key: "permission", header: "등급", value: (m) => GRADE_LABEL[m.permission] },
  // A member's own 탈퇴 carries its date here too (the 탈퇴일 column is written only when chosen on screen).
  {
    key: "state",
    header: "상태",
    value: (m) => (m.closedAt ? `${STATE_LABEL[m.state]} (${formatDate(m.closedAt)})` : STATE_LABEL[m.state]),
  },
  { key: "holding", header: "보유 금액", value: (m) => m.holding },
  { key: "wallets", header: "지갑 주소", value: (m) => m.wallets.map((w) => w.address).join(", "), width: 46 },
  { key: "nickname", header: "닉네임", value: (m) => m.nickname },
  { key: "email", header: "이메일", value: (m) => m.email },
  { key: "address", header: "주소", value: (m) => m.address, width: 40 },
  { key: "createdAt", header: "가입일", value: (m) => formatDate(m.createdAt) },
  { key: "closedAt", header: "탈퇴일", value: (m) => (m.closedAt ? formatDate(m.closedAt) : "") },
];

async function* memberFileRows(ctx: AppContext, q: MemberListRequest): AsyncGenerator<MemberRowDto> {
  for await (const batch of streamMembers(ctx.db, q)) yield* await withHoldings(ctx, batch);
}

/** Members in the back-office (spec §7): list, download, detail, state and grade changes (audited). */
export function memberRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.memberList, async ({ query: q }) => {
    const page = await listMembers(ctx.db, q);
    return { ...page, list: await withHoldings(ctx, page.list) };
  });

  handle(api.membersDownload, async ({ query: q }, _req, res) => {
    await streamXlsx(res, {
      fileName: api.membersDownload.file,
      sheetName: "회원정보",
      columns: chosenColumns(MEMBER_FILE, q.columns),
      rows: memberFileRows(ctx, q),
      emptyMessage: Msg.noMembers,
    });
  });

  handle(api.memberDetail, async ({ params: { id } }) => {
    const row = await memberAdminRow(ctx.db, id);
    if (!row) throw notFound();
    const month = seoulMonthRange();
    const [[member], totals, ordered, history, actions] = await Promise.all([
      withHoldings(ctx, [row]),
      memberTotals(ctx.db, id),
      orderedBetween(ctx.db, id, month.start.toISOString(), month.end.toISOString()),
      memberHistory(ctx.db, id),
      actionsOn(ctx.db, "member", id),
    ]);
    const rows = [
      ...history.buys.map((b) => ({
        id: b.order_no,
        type: `구매 (${BUY_LABEL[b.state]})`,
        value: Number(b.value),
        createdAt: b.created_at,
        expiredAt: b.expires_at,
      })),
      ...history.moves.map((m) => ({
        id: `T${m.id}`,
        type: (Number(m.member_id) === id ? SENT_LABEL : RECEIVED_LABEL)[m.kind] ?? m.kind,
        value: Number(m.value),
        createdAt: m.created_at,
        expiredAt: null,
      })),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { member, totals: { ...totals, purchasable: Math.max(0, MONTHLY_BUY_LIMIT_WON - ordered) }, history: rows, actions };
  });

  handle(api.changeState, async ({ body: { id, state } }, req) => {
    const admin = authOf(req).admin!;
    // A member's own 회원 탈퇴 is final: its data is minimised and its phone may belong to a new member by now.
    if ((await memberById(ctx.db, id))?.closed_at) throw new AppError(Code.ACCOUNT_CLOSED, Msg.memberClosedFinal);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await setMemberState(trx, id, state);
      if (!before) throw notFound();
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "member.state",
        targetType: "member",
        targetId: id,
        before,
        after: state,
      });
    });
  });

  handle(api.changePermission, async ({ body: { id, permission } }, req) => {
    const admin = authOf(req).admin!;
    await ctx.db.transaction().execute(async (trx) => {
      const before = await setMemberPermission(trx, id, permission);
      if (!before) throw notFound();
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "member.permission",
        targetType: "member",
        targetId: id,
        before,
        after: permission,
      });
    });
  });

  return router;
}
