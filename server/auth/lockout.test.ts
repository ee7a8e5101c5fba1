import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAppStore, type AppStore } from "../db/app-db";
import { dropTestDatabase, freshTestDatabase } from "../../db/testing";
import { createLockout, type AccountLockPolicy, type Lockout } from "./lockout";
import { loginSubject, loginSubjectPrefix } from "./check-password";

const HOUR = 3_600_000;
const member: AccountLockPolicy = { afterFailures: 7, windowMs: 24 * HOUR, liftAfterMs: null };
const operator: AccountLockPolicy = { afterFailures: 7, windowMs: 24 * HOUR, liftAfterMs: HOUR };

/** The account-wide login lock on its own store: the sliding window, what lifts it, what does not. */
describe("account-wide login lock", () => {
  let store: AppStore;
  let lockout: Lockout;
  let dataDir: string;
  let databaseUrl: string | null;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-lock-"));
    databaseUrl = await freshTestDatabase();
    store = await openAppStore({ dataDir, databaseUrl });
    lockout = createLockout(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await dropTestDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const at = (t0: number, hours: number) => new Date(t0 + hours * HOUR);

  it("counts the wrong passwords of the last 24 hours only: a slip a day never adds up, seven in a day lock", async () => {
    const subject = loginSubject("member", "01012121212", "10.0.0.1").account;
    const t0 = Date.parse("2026-11-01T00:00:00Z");
    // One a day for a month: never more than one in the window.
    for (let day = 0; day < 30; day++) expect(await lockout.account.failAndCount(subject, member, at(t0, day * 24))).toBe(6);
    // Six within five hours, then the oldest leaves the window: the seventh is not yet a lock, the next one is.
    const t1 = t0 + 40 * 24 * HOUR;
    for (let i = 0; i < 6; i++) await lockout.account.failAndCount(subject, member, at(t1, i));
    expect(await lockout.account.status(subject, member, at(t1, 5))).toEqual({ locked: false, triesLeft: 1 });
    expect(await lockout.account.failAndCount(subject, member, at(t1, 24.5))).toBe(1);
    expect(await lockout.account.failAndCount(subject, member, at(t1, 24.6))).toBe(0);
    // A member's lock does not wear off.
    expect((await lockout.account.status(subject, member, at(t1, 24 * 365))).locked).toBe(true);
    expect(await lockout.account.failAndCount(subject, member, at(t1, 24 * 365))).toBe(0);
    // Lifting every lock of the phone (the password reset) lifts it.
    await lockout.resetAll(loginSubjectPrefix("member", "01012121212"));
    expect(await lockout.account.status(subject, member, at(t1, 24 * 365))).toEqual({ locked: false, triesLeft: 7 });
  });

  it("an operator's lock lifts itself after the hour, and the count starts afresh", async () => {
    const subject = loginSubject("admin", "Someone01", "10.0.0.2").account;
    const t0 = Date.parse("2026-11-02T00:00:00Z");
    for (let i = 0; i < 7; i++) await lockout.account.failAndCount(subject, operator, at(t0, i * 0.01));
    expect((await lockout.account.status(subject, operator, at(t0, 0.5))).locked).toBe(true);
    expect(await lockout.account.status(subject, operator, at(t0, 1.1))).toEqual({ locked: false, triesLeft: 7 });
    expect(await lockout.account.failAndCount(subject, operator, at(t0, 1.1))).toBe(6);
  });

  it("names the login, not the address: every address shares one account subject, case and spaces aside", () => {
    expect(loginSubject("admin", " Admin ", "10.0.0.3").account).toBe(loginSubject("admin", "admin", "10.0.0.4").account);
    expect(loginSubject("member", "01012121212", "10.0.0.3").address).not.toBe(loginSubject("member", "01012121212", "10.0.0.4").address);
  });
});
