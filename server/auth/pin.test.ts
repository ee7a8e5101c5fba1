import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { hashPassword, hashPin, verifyPassword } from "./passwords";
import { memberLogin, setMemberPassword } from "../records/members.repo";
import { createMember } from "../features/members/members.service";
import { checkPasswordWithLockout } from "./check-password";

describe("members' PINs: keyed HMAC, upgraded from scrypt, useless without the key", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("stores a new member's PIN keyed, and login and payment check it", async () => {
    await createMember(s.ctx, { phonenumber: "01080000001", username: "핀", password: "246810" });
    expect((await memberLogin(s.ctx.db, "01080000001"))!.password_hash).toMatch(/^pin\$/);
    expect(await s.loginUser("01080000001", "246810")).toBeTruthy();
  });

  it("upgrades an earlier scrypt hash at the next right answer, and refuses a wrong one as before", async () => {
    const m = await createMember(s.ctx, { phonenumber: "01080000002", username: "옛날", password: "135791" });
    await setMemberPassword(s.ctx.db, m.id, await hashPassword("135791"));
    const wrong = await s.call("POST", "/api/auth/login_user", { body: { username: "01080000002", password: "000000" } });
    expect(wrong.code).toBe(400);
    expect((await memberLogin(s.ctx.db, "01080000002"))!.password_hash).toMatch(/^scrypt\$/);
    await s.loginUser("01080000002", "135791");
    const upgraded = (await memberLogin(s.ctx.db, "01080000002"))!.password_hash;
    expect(upgraded).toMatch(/^pin\$/);
    expect(await verifyPassword("135791", upgraded, s.ctx.config.pinKey)).toBe(true);
    expect(await s.loginUser("01080000002", "135791")).toBeTruthy();
  });

  it("thirty wrong guesses at once get four answers and the lock; the lock holds, a right PIN then included", async () => {
    const stored = hashPin("246802", s.ctx.config.pinKey);
    const subject = "pay:burst-test";
    const check = (pin: string) =>
      checkPasswordWithLockout(
        s.ctx.lockout,
        subject,
        stored,
        pin,
        { locked: "locked", wrong: "wrong" },
        { pinKey: s.ctx.config.pinKey, upgrade: async () => undefined },
      ).then(
        () => "ok",
        (e: { message: string }) => e.message,
      );
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => check(String(100_000 + i))));
    // Only the guesses before the fifth failure are answered 'wrong'; the rest, in flight together, are refused.
    expect(answers.filter((a) => a === "wrong").length).toBe(4);
    expect(answers.filter((a) => a === "locked").length).toBe(26);
    expect(await s.ctx.lockout.isLocked(subject)).toBe(true);
    expect(await check("246802")).toBe("locked");
    await s.ctx.lockout.reset(subject);
    expect(await check("246802")).toBe("ok");
  });

  it("a stolen row alone gives no PIN: every one of the million PINs fails without the key", async () => {
    const stored = hashPin("482913", s.ctx.config.pinKey);
    const [, salt, mac] = stored.split("$");
    const guessKey = crypto.randomBytes(32); // what an attacker without the key would have to guess
    let found = 0;
    for (let i = 0; i < 1_000_000; i++) {
      const pin = String(i).padStart(6, "0");
      const m = crypto.createHmac("sha256", guessKey).update(Buffer.from(salt, "base64url")).update(pin).digest("base64url");
      if (m === mac) found++;
    }
    expect(found).toBe(0);
    expect(await verifyPassword("482913", stored)).toBe(false);
    expect(await verifyPassword("482913", stored, s.ctx.config.pinKey)).toBe(true);
  });
});
