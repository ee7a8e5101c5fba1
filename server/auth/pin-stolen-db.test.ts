import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { createMember } from "../features/members/members.service";
import { derivePinKey, verifyPassword } from "./passwords";
import { insertBank, setMainBank } from "../features/deposit-accounts/deposit-accounts.repo";

/**
 * Issue 16: PIN checks are a fast keyed HMAC, so the database alone must not be enough to find a PIN. This
 * steals the app store the way an attacker would (a copy of DATA_DIR/app.db with its WAL, or on PostgreSQL
 * every row of every table), as a member who knows their own PIN, and tries what that copy offers.
 */
describe("a stolen copy of the app database alone gives no member PIN", () => {
  let s: TestStack;
  let tmp: string;
  const ATTACKER = { phonenumber: "01086660001", pin: "135790" };
  const VICTIM = { phonenumber: "01086660002", pin: "482913" };

  beforeAll(async () => {
    s = await startTestStack({ seedDemo: false });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "krw-stolen-"));
    await createMember(s.ctx, { phonenumber: ATTACKER.phonenumber, username: "공격자", password: ATTACKER.pin });
    await createMember(s.ctx, { phonenumber: VICTIM.phonenumber, username: "피해자", password: VICTIM.pin });
  });
  afterAll(async () => {
    await s?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Every row of every table of the stolen copy. */
  async function steal(): Promise<Record<string, Record<string, unknown>[]>> {
    const tables: Record<string, Record<string, unknown>[]> = {};
    if (!s.databaseUrl) {
      // The files as they are on disk while the service runs (the WAL holds recent writes).
      for (const f of fs.readdirSync(s.dataDir).filter((f) => /^app\.db(-wal|-shm)?$/.test(f)))
        fs.copyFileSync(path.join(s.dataDir, f), path.join(tmp, f));
      const copy = new Database(path.join(tmp, "app.db"));
      try {
        for (const { name } of copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]) {
          tables[name] = copy.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
        }
      } finally {
        copy.close();
      }
    } else {
      for (const t of await s.ctx.db.introspection.getTables()) {
        const db = t.schema ? s.ctx.db.withSchema(t.schema) : s.ctx.db;
        tables[`${t.schema ?? ""}.${t.name}`] = await db
          .selectFrom(t.name as "members")
          .selectAll()
          .execute();
      }
    }
    return tables;
  }

  /** Every byte string the copy holds that could be a key: each text cell as text, as hex, as base64; and keys derived from them as the service derives its PIN key. */
  function candidateKeys(tables: Record<string, Record<string, unknown>[]>): Buffer[] {
    const out = new Map<string, Buffer>();
    const add = (b: Buffer) => b.length > 0 && out.set(b.toString("hex"), b);
    out.set("", Buffer.alloc(0));
    for (const rows of Object.values(tables)) {
      for (const row of rows) {
        for (const v of Object.values(row)) {
          if (typeof v !== "string" && !Buffer.isBuffer(v)) continue;
          const cells = Buffer.isBuffer(v)
            ? [v]
            : [Buffer.from(v), ...v.split(/[$.:,"\s]/)].map((x) => (Buffer.isBuffer(x) ? x : Buffer.from(x)));
          for (const c of cells) {
            add(c);
            const text = c.toString("utf8");
            if (/^(0x)?[0-9a-fA-F]+$/.test(text) && text.replace(/^0x/, "").length % 2 === 0)
              add(Buffer.from(text.replace(/^0x/, ""), "hex"));
            if (/^[A-Za-z0-9_\-+/=]{16,}$/.test(text)) add(Buffer.from(text, "base64url"));
          }
        }
      }
    }
    const keys = [...out.values()];
    // A key-encryption key kept in the database would give the PIN key by the service's own derivation.
    for (const k of keys.filter((b) => b.length === 32)) keys.push(derivePinKey(k));
    return keys;
  }

  /** The PINs of 000000..999999 whose HMAC under `key` matches `stored` (pin$salt$mac). */
  function search(stored: string, mac: (pin: string, salt: Buffer) => Buffer): string[] {
    const [, salt, expected] = stored.split("$");
    const saltBytes = Buffer.from(salt, "base64url");
    const want = Buffer.from(expected, "base64url");
    const found: string[] = [];
    for (let i = 0; i < 1_000_000; i++) {
      const pin = String(i).padStart(6, "0");
      if (mac(pin, saltBytes).equals(want)) found.push(pin);
    }
    return found;
  }
  const hmac = (key: Buffer) => (pin: string, salt: Buffer) => crypto.createHmac("sha256", key).update(salt).update(pin).digest();

  it("holds the PINs only keyed; no key in the copy opens even the attacker's own PIN; a million guesses find nothing without the key and the PIN with it", {
    timeout: 180_000,
  }, async () => {
    const tables = await steal();
    const members = Object.entries(tables).find(([name]) => name === "members" || name.endsWith(".members"))![1];
    const hashOf = (phone: string) => String(members.find((m) => m.phonenumber === phone)!.password_hash);
    const attacker = hashOf(ATTACKER.phonenumber);
    const victim = hashOf(VICTIM.phonenumber);
    // Keyed form: pin$<salt>$<HMAC>, neither the PIN nor an unkeyed hash of it.
    for (const h of [attacker, victim]) expect(h).toMatch(/^pin\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(tables)).not.toContain(VICTIM.pin);

    // The attacker knows their own PIN: any key the copy holds would verify it in one try.
    const keys = candidateKeys(tables);
    expect(keys.length).toBeGreaterThan(20);
    const opening: number[] = [];
    for (const [i, k] of keys.entries()) if (await verifyPassword(ATTACKER.pin, attacker, k)) opening.push(i);
    expect(opening).toEqual([]);

    // Every six-digit PIN, keyless (empty HMAC key, plain SHA-256 of salt and PIN): no match.
    expect(search(victim, hmac(Buffer.alloc(0)))).toEqual([]);
    expect(search(victim, (pin, salt) => crypto.createHash("sha256").update(salt).update(pin).digest())).toEqual([]);
    // The same search with the service's key (kept outside the database) finds the PIN: the search is real.
    expect(search(victim, hmac(s.ctx.config.pinKey))).toEqual([VICTIM.pin]);
    // And the service's key is not among what the copy holds.
    expect(keys.some((k) => k.equals(s.ctx.config.pinKey))).toBe(false);
  });

  it("a keyed payment's stored request fingerprint gives no PIN to a million guesses", { timeout: 180_000 }, async () => {
    const bank = await insertBank(s.ctx.db, {
      bank_name: "국민은행",
      bank_account: "123-456-789012",
      owner_name: "(주)케이알",
      nickname: null,
    });
    await setMainBank(s.ctx.db, bank.id);
    const token = await s.loginUser(VICTIM.phonenumber, VICTIM.pin);
    const body = { password: VICTIM.pin, value: 10_000 };
    const r = await s.call("POST", "/api/buy/charge", { token, body, headers: { "idempotency-key": crypto.randomUUID() } });
    expect(r.code).toBe(200);
    const rows = Object.entries(await steal()).find(([name]) => name.endsWith("idempotency"))![1];
    expect(rows.length).toBeGreaterThan(0);
    // The body is all the copy shows but the PIN (the value is in the order row): every PIN, hashed as the body would be.
    const stored = new Set(rows.map((row) => String(row.request_hash)));
    const found: string[] = [];
    for (let i = 0; i < 1_000_000; i++) {
      const pin = String(i).padStart(6, "0");
      const text = JSON.stringify({ ...body, password: pin });
      if (
        stored.has(crypto.createHash("sha256").update(text).digest("hex")) ||
        stored.has(crypto.createHash("sha256").update(text).digest("base64url"))
      )
        found.push(pin);
    }
    expect(found).toEqual([]);
  });
});
