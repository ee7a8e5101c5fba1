import type { AppTx, Board, BoardType, BoardsTable } from "../../db/schema";
import type { Insertable } from "kysely";
import { nowIso } from "../../db/app-db";
import { pagedQuery } from "../../db/paged";
import type { Paged, TableHandler } from "../../../domain/schemas/shared/list";

/** Which boards a list shows: one type, optionally one member's (1:1 inquiries). */
export interface BoardFilter {
  type: BoardType;
  memberId?: number;
}

/** One page of boards, newest first, and how many there are in all. */
export async function boardPage(db: AppTx, filter: BoardFilter, page: number, size: number): Promise<{ rows: Board[]; count: number }> {
  let q = db.selectFrom("boards").where("type", "=", filter.type);
  if (filter.memberId !== undefined) q = q.where("member_id", "=", filter.memberId);
  const rows = await q
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const { n } = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return { rows, count: Number(n) };
}

/** Adds a board (a notice, FAQ, event or inquiry) and returns its id. */
export async function insertBoard(
  db: AppTx,
  b: Omit<Insertable<BoardsTable>, "created_at" | "updated_at"> & { created_at?: string; updated_at?: string },
): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto("boards")
    .values({ ...b, created_at: b.created_at ?? now, updated_at: b.updated_at ?? b.created_at ?? now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A member's own inquiry; undefined for anyone else's, or for a board of another type. */
export async function inquiryOf(db: AppTx, memberId: number, id: number): Promise<Board | undefined> {
  return db
    .selectFrom("boards")
    .selectAll()
    .where("id", "=", id)
    .where("type", "=", "inquiry")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

/** Edits a member's own inquiry unless it is in state `unlessState` (answered); true when it changed. */
export async function updateOwnInquiry(
  db: AppTx,
  memberId: number,
  id: number,
  edit: { title: string; content: string },
  unlessState: string,
): Promise<boolean> {
  const r = await db
    .updateTable("boards")
    .set({ ...edit, updated_at: nowIso() })
    .where("id", "=", id)
    .where("type", "=", "inquiry")
    .where("member_id", "=", memberId)
    .where("state", "!=", unlessState)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** An operator's answer to an inquiry: the reply and the answered state. */
export async function answerInquiry(db: AppTx, id: number, reply: string, state: string): Promise<boolean> {
  const r = await db
    .updateTable("boards")
    .set({ reply, state, updated_at: nowIso() })
    .where("id", "=", id)
    .where("type", "=", "inquiry")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a member's own inquiry; true when there was one. */
export async function deleteOwnInquiry(db: AppTx, memberId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom("boards")
    .where("id", "=", id)
    .where("type", "=", "inquiry")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Deletes a board of any type (an operator's delete); true when there was one. */
export async function deleteBoard(db: AppTx, id: number): Promise<boolean> {
  const r = await db.deleteFrom("boards").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- back-office --------------------------------------------------------------------------------

const adminFrom = (db: AppTx, type: BoardType) =>
  db.selectFrom("boards").leftJoin("members", "members.id", "boards.member_id").where("boards.type", "=", type);
const adminColumns = (qb: ReturnType<typeof adminFrom>) =>
  qb.select([
    "boards.id",
    "boards.type",
    "boards.title",
    "boards.content",
    "boards.category",
    "boards.state",
    "boards.reply",
    "boards.start_at",
    "boards.end_at",
    "boards.created_at",
    "boards.updated_at",
    "members.username",
  ]);
export type AdminBoardRow = Awaited<ReturnType<ReturnType<typeof adminColumns>["execute"]>>[number];

/** One page of a board for operators, with the writer's name (inquiries), newest first by default. */
export async function adminBoardPage(db: AppTx, type: BoardType, h: TableHandler<"createdAt">): Promise<Paged<AdminBoardRow>> {
  return pagedQuery(db, adminFrom(db, type), adminColumns, h, { createdAt: "boards.created_at" }, "boards.id");
}

/** One board of a type, with the writer's name. */
export async function adminBoardById(db: AppTx, type: BoardType, id: number): Promise<AdminBoardRow | undefined> {
  return adminColumns(adminFrom(db, type)).where("boards.id", "=", id).executeTakeFirst();
}

/** An operator's edit of a notice, FAQ or event; true when it existed. */
export async function updateBoard(
  db: AppTx,
  type: BoardType,
  id: number,
  edit: { title: string; content: string; start_at: string | null; end_at: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable("boards")
    .set({ ...edit, updated_at: nowIso() })
    .where("id", "=", id)
    .where("type", "=", type)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Writes an inquiry's answer only if the inquiry is still as the operator saw it: waiting (`exist` false,
 * the first answer) or already answered (`exist` true, an edit). True when it was written.
 */
export async function answerInquiryAsSeen(
  db: AppTx,
  id: number,
  reply: string,
  exist: boolean,
  waiting: string,
  answered: string,
): Promise<boolean> {
  const r = await db
    .updateTable("boards")
    .set({ reply, state: answered, updated_at: nowIso() })
    .where("id", "=", id)
    .where("type", "=", "inquiry")
    .where("state", exist ? "!=" : "=", waiting)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a board of the given type; true when there was one. */
export async function deleteBoardOfType(db: AppTx, type: BoardType, id: number): Promise<boolean> {
  const r = await db.deleteFrom("boards").where("id", "=", id).where("type", "=", type).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
