import type { AppContext } from "../../context";
import type { AppTx } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { encryptSecret } from "../../custody/crypto";
import { newMerchantKey } from "../../auth/merchant-key";
import { appendAction } from "../../records/audit.repo";
import { memberByPhone } from "../../records/members.repo";
import type { OperatorRow } from "../../records/operators.repo";
import { checkWebhookTarget } from "./webhook-target";
import { newWebhookSecret } from "./webhook-signature";
import { recordEvent, kickWebhooks, secretAad } from "./webhooks.service";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { MemberState } from "../../../domain/constants";
import { maskName, maskPhoneNumber } from "../../../domain/mask";
import { MERCHANT_KEYS_MAX } from "../../../domain/policy/merchant-payments";

export const merchantOfMember = (db: AppTx, memberId: number) =>
  db.selectFrom("merchants").selectAll().where("member_id", "=", memberId).executeTakeFirst();

/** The caller's merchant (a shop owner an operator made one), or 404 '가맹점으로 등록되지 않았습니다'. */
export async function ownMerchant(ctx: AppContext, memberId: number) {
  const m = await merchantOfMember(ctx.db, memberId);
  if (!m) throw new AppError(Code.NOT_FOUND, Msg.notMerchant);
  return m;
}

const liveKeys = (db: AppTx, merchantId: number) =>
  db.selectFrom("merchant_keys").selectAll().where("merchant_id", "=", merchantId).where("revoked_at", "is", null).orderBy("id").execute();

const keyView = (k: { id: number; prefix: string; label: string; created_at: string; last_used_at: string | null }) => ({
  id: Number(k.id),
  prefix: k.prefix,
  label: k.label,
  createdAt: k.created_at,
  lastUsedAt: k.last_used_at,
});

export async function merchantSelf(ctx: AppContext, memberId: number) {
  const m = await ownMerchant(ctx, memberId);
  return {
    name: m.name,
    state: m.state,
    wallet: (await ctx.custody.memberWallet(memberId))!.address,
    webhookUrl: m.webhook_url,
    webhookSecretPrefix: m.webhook_secret_prefix,
    keys: (await liveKeys(ctx.db, Number(m.id))).map(keyView),
  };
}

/** A new key: kept as its SHA-256, shown whole in this answer only. Several live at once, so a key rotates without downtime. */
export async function makeKey(ctx: AppContext, memberId: number, label: string) {
  const m = await ownMerchant(ctx, memberId);
  const k = newMerchantKey();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await liveKeys(trx, Number(m.id))).length >= MERCHANT_KEYS_MAX) throw new AppError(Code.BAD_REQUEST, Msg.merchantKeyLimit);
    return trx
      .insertInto("merchant_keys")
      .values({ merchant_id: Number(m.id), prefix: k.prefix, key_hash: k.hash, label, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { ...keyView(row), key: k.key };
}

export async function revokeKey(ctx: AppContext, memberId: number, keyId: number) {
  const m = await ownMerchant(ctx, memberId);
  const r = await ctx.db
    .updateTable("merchant_keys")
    .set({ revoked_at: new Date().toISOString() })
    .where("id", "=", keyId)
    .where("merchant_id", "=", Number(m.id))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError(Code.NOT_FOUND, Msg.merchantKeyNotFound);
}

/** Sets the webhook URL (checked against server-side request forgery); the first time, a signing secret is made and shown once. */
export async function setWebhook(ctx: AppContext, memberId: number, url: string) {
  const m = await ownMerchant(ctx, memberId);
  await checkWebhookTarget(ctx.config, url);
  const made = m.webhook_secret ? null : newWebhookSecret();
  await ctx.db
    .updateTable("merchants")
    .set({
      webhook_url: url,
      ...(made
        ? {
            webhook_secret: encryptSecret(made.secret, ctx.config.keyEncryptionKey, secretAad(Number(m.id))),
            webhook_secret_prefix: made.prefix,
          }
        : {}),
    })
    .where("id", "=", Number(m.id))
    .execute();
  kickWebhooks(ctx);
  return { webhookUrl: url, webhookSecretPrefix: made?.prefix ?? m.webhook_secret_prefix, secret: made?.secret ?? null };
}

/** A new signing secret; the old one stops at once (events are signed when they are sent). */
export async function rotateWebhookSecret(ctx: AppContext, memberId: number) {
  const m = await ownMerchant(ctx, memberId);
  const made = newWebhookSecret();
  await ctx.db
    .updateTable("merchants")
    .set({
      webhook_secret: encryptSecret(made.secret, ctx.config.keyEncryptionKey, secretAad(Number(m.id))),
      webhook_secret_prefix: made.prefix,
    })
    .where("id", "=", Number(m.id))
    .execute();
  return { webhookUrl: m.webhook_url, webhookSecretPrefix: made.prefix, secret: made.secret };
}

/** A test event (`ping`) to the merchant's webhook, delivered and logged as any other. */
export async function sendTestEvent(ctx: AppContext, memberId: number): Promise<number> {
  const m = await ownMerchant(ctx, memberId);
  if (!m.webhook_url) throw new AppError(Code.BAD_REQUEST, Msg.webhookUrlMissing);
  const id = await recordEvent(ctx.db, {
    merchantId: Number(m.id),
    type: "ping",
    data: { merchant: m.name, message: "테스트 이벤트입니다." },
  });
  kickWebhooks(ctx);
  return id;
}

// ---- operators ------------------------------------------------------------------------------------------------------

async function merchantRows(ctx: AppContext, id?: number) {
  let q = ctx.db
    .selectFrom("merchants as m")
    .innerJoin("members as o", "o.id", "m.member_id")
    .innerJoin("wallets as w", (j) => j.onRef("w.member_id", "=", "m.member_id").on("w.kind", "=", "member"))
    .select((eb) => [
      "m.id",
      "m.name",
      "m.state",
      "m.webhook_url",
      "m.created_at",
      "o.username",
      "o.phonenumber",
      "w.address",
      eb
        .selectFrom("merchant_keys as k")
        .select((k) => k.fn.countAll<number>().as("n"))
        .whereRef("k.merchant_id", "=", "m.id")
        .where("k.revoked_at", "is", null)
        .as("active_keys"),
    ]);
  if (id !== undefined) q = q.where("m.id", "=", id);
  const rows = await q.orderBy("m.id", "desc").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    state: r.state,
    ownerName: maskName(r.username),
    phone: maskPhoneNumber(r.phonenumber),
    wallet: r.address,
    activeKeys: Number(r.active_keys ?? 0),
    webhookUrl: r.webhook_url,
    createdAt: r.created_at,
  }));
}

export const listMerchants = (ctx: AppContext) => merchantRows(ctx);

/** Makes an active shop owner (점주) a merchant; audited. */
export async function createMerchant(ctx: AppContext, actor: OperatorRow, body: { phone: string; name: string }) {
  const owner = await memberByPhone(ctx.db, body.phone);
  if (!owner) throw new AppError(Code.NOT_FOUND, Msg.memberNotFoundByPhone);
  if (owner.permission !== "exchanger" || owner.state !== MemberState.NORMAL)
    throw new AppError(Code.BAD_REQUEST, Msg.merchantNotShopOwner);
  if (await merchantOfMember(ctx.db, owner.id)) throw new AppError(Code.CONFLICT, Msg.merchantExists);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const m = await trx
      .insertInto("merchants")
      .values({ member_id: owner.id, name: body.name, state: "active", created_by: actor.id, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await appendAction(trx, {
      adminId: actor.id,
      adminLoginId: actor.login_id,
      action: "merchant.create",
      targetType: "merchant",
      targetId: Number(m.id),
      after: { name: body.name },
    });
    return Number(m.id);
  });
  return (await merchantRows(ctx, id))[0];
}

/** Renames, suspends or resumes a merchant; audited. A suspended merchant's keys answer 401 and its checkouts refuse. */
export async function updateMerchant(
  ctx: AppContext,
  actor: OperatorRow,
  id: number,
  body: { name?: string; state?: "active" | "suspended" },
) {
  const before = (await merchantRows(ctx, id))[0];
  if (!before) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable("merchants").set(body).where("id", "=", id).execute();
    await appendAction(trx, {
      adminId: actor.id,
      adminLoginId: actor.login_id,
      action: "merchant.update",
      targetType: "merchant",
      targetId: id,
      before: { name: before.name, state: before.state },
      after: body,
    });
  });
  return (await merchantRows(ctx, id))[0];
}
