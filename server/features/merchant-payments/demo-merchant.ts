import type { AppContext } from "../../context";
import { encryptSecret } from "../../custody/crypto";
import { newMerchantKey } from "../../auth/merchant-key";
import { memberByPhone } from "../../records/members.repo";
import { newWebhookSecret } from "./webhook-signature";
import { merchantOfMember } from "./merchants.service";
import { secretAad } from "./webhooks.service";

/** The seeded shop owner whose merchant the demo shop is (README "Demo logins"). */
const DEMO_OWNER_PHONE = "01055556666";
const DEMO_KEY_LABEL = "demo-shop";

/**
 * The embedded default's demo shop (demo-shop/) gets its credentials as any merchant would from its owner: the seeded
 * shop owner is made a merchant if it is not one, a fresh API key (the previous demo key revoked) and a fresh signing
 * secret with the webhook pointed at `<url>/demo-shop/webhook`. Made on every start and kept in the process's memory
 * only (the key whole exists nowhere else). Null when the demo was not seeded.
 */
export async function ensureDemoMerchant(ctx: AppContext, url: string): Promise<{ key: string; secret: string } | null> {
  const owner = await memberByPhone(ctx.db, DEMO_OWNER_PHONE);
  if (!owner) return null;
  const now = new Date().toISOString();
  let m = await merchantOfMember(ctx.db, owner.id);
  if (!m) {
    await ctx.db.insertInto("merchants").values({ member_id: owner.id, name: owner.username, state: "active", created_at: now }).execute();
    m = (await merchantOfMember(ctx.db, owner.id))!;
  }
  const id = Number(m.id);
  const k = newMerchantKey();
  const s = newWebhookSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("merchant_keys")
      .set({ revoked_at: now })
      .where("merchant_id", "=", id)
      .where("label", "=", DEMO_KEY_LABEL)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("merchant_keys")
      .values({ merchant_id: id, prefix: k.prefix, key_hash: k.hash, label: DEMO_KEY_LABEL, created_at: now })
      .execute();
    await trx
      .updateTable("merchants")
      .set({
        webhook_url: `${url}/demo-shop/webhook`,
        webhook_secret: encryptSecret(s.secret, ctx.config.keyEncryptionKey, secretAad(id)),
        webhook_secret_prefix: s.prefix,
      })
      .where("id", "=", id)
      .execute();
  });
  return { key: k.key, secret: s.secret };
}
