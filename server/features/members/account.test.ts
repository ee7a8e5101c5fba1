import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { ADULT_BIRTH, birthForAge, verifyByHttp } from "../../providers/identity/testing";
import { countMembers, memberByPhone as byPhone, memberPasswordHash, setMemberState } from "../../records/members.repo";
import { setVerificationExpiry, verificationByKey } from "../../providers/identity/verifications.repo";
import { Msg } from "../../../domain/messages";
import { createMember, isUniqueViolation } from "./members.service";
import { createLockout } from "../../auth/lockout";
import { insertOperator } from "../../test/operators";
import { ACCOUNT_LOCK_AFTER_FAILURES, ACCOUNT_LOCK_WINDOW_HOURS } from "../../../domain/constants";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("accounts: identity verification, sign-up, password reset, login", () => {
  let s: TestStack;
  /** Every response body this file sees, to check no password ever comes back. */
  const seen: string[] = [];
  /** Each test calls from a client address of its own: the per-client rate limits never carry over between tests. */
  let client = 0;
  beforeEach(() => void client++);
  const call: TestStack["call"] = async (method, path, opts) => {
    const r = await s.call(method, path, { ...opts, headers: { "x-forwarded-for": `192.0.2.${client}`, ...opts?.headers } });
    seen.push(JSON.stringify({ message: r.message, data: r.data }));
    return r;
  };
  const setExpiry = (key: string, iso: string) => setVerificationExpiry(s.ctx.db, key, iso);
  const memberByPhone = (phone: string) => byPhone(s.ctx.db, phone);
  const verification = (key: string) => verificationByKey(s.ctx.db, key);
  const walletOf = async (memberId: number) => (await s.ctx.custody.memberWallet(memberId))!.address;
  const signUp = async (phone: string, name: string, password: string) => {
    const v = await verifyByHttp(s, "signup", { name, birth: ADULT_BIRTH, phone });
    expect(v.code).toBe(0);
    const r = await call("PUT", "/api/auth", { body: { key_info: v.key, password } });
    expect(r.code, r.message).toBe(200);
    return v.key;
  };

  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
    // Every response this file saw, whichever tests ran.
    const all = seen.join("\n");
    for (const pw of ["135790", "111222", "246802", "777888", "111333", "121212", M1.pw, M2.pw]) expect(all).not.toContain(`"${pw}"`);
    expect(all).not.toMatch(/password_hash|scrypt\$/);
  });

  it("starts a verification: a single-use key and the popup URL of the simulated provider", async () => {
    const a = await call("GET", "/api/auth");
    expect(a.code).toBe(200);
    expect(a.data.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.data.url).toBe(`/verify/${a.data.key}`);
    const b = await call("GET", "/api/auth/reauth");
    expect(b.data.key).not.toBe(a.data.key);
    const rows = [(await verification(b.data.key))!, (await verification(a.data.key))!];
    expect(rows.map((r) => [r.purpose, r.status])).toEqual([
      ["reauth", "issued"],
      ["signup", "issued"],
    ]);
    // Ten minutes to complete.
    expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(10 * 60_000);
  });

  it("serves a self-contained Korean popup page whose script is a separate file (CSP script-src 'self')", async () => {
    const { data } = await call("GET", "/api/auth");
    const page = await fetch(`${s.url}/verify/${data.key}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).toContain("회원가입 본인인증");
    for (const label of ["이름", "생년월일", "통신사", "휴대폰 번호"]) expect(html).toContain(label);
    expect(html).toContain(`data-key="${data.key}"`);
    // No inline script and no external asset.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    const js = await fetch(`${s.url}/verify/assets/verify.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toContain("javascript");
    const src = await js.text();
    expect(src).toContain('type: "krw-verify"');
    expect(src).toContain("window.opener.postMessage(message, location.origin)");
    expect((await fetch(`${s.url}/verify/assets/verify.css`)).headers.get("content-type")).toContain("text/css");

    const reauth = await call("GET", "/api/auth/reauth");
    expect(await (await fetch(`${s.url}${reauth.data.url}`)).text()).toContain("비밀번호 재설정 본인인증");
  });

  it("shows an invalid page for a forged, malformed or used key", async () => {
    for (const key of [crypto.randomBytes(24).toString("base64url"), "abc", "%3Cscript%3E"]) {
      const page = await fetch(`${s.url}/verify/${key}`);
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain(Msg.verifyInvalid);
      expect(html).toContain('data-state="invalid"');
      expect(html).not.toContain("<script>");
    }
  });

  it("signs up end to end: verify → PUT /api/auth creates member and wallet → login works", async () => {
    const v = await verifyByHttp(s, "signup", { name: "박지훈", birth: "1995-03-04", phone: "01090001111", carrier: "KT" });
    expect(v.code).toBe(0);
    const row = await verification(v.key);
    expect(row).toMatchObject({ status: "verified", code: 0, name: "박지훈", birth: "1995-03-04", phone: "01090001111", carrier: "KT" });

    const r = await call("PUT", "/api/auth", { body: { key_info: v.key, password: "135790" } });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ phonenumber: "01090001111", username: "박지훈" });
    const member = (await memberByPhone("01090001111"))!;
    expect(member).toMatchObject({ username: "박지훈", state: "repair", permission: "user", birth: "1995-03-04", carrier: "KT" });
    const hash = await memberPasswordHash(s.ctx.db, member.id);
    expect(hash).toMatch(/^pin\$/);
    expect(hash).not.toContain("135790");
    expect(await walletOf(member.id)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await verification(v.key))!.status).toBe("used");

    const login = await call("POST", "/api/auth/login_user", { body: { username: "01090001111", password: "135790" } });
    expect(login.code).toBe(200);
    expect(login.data.account).toEqual({ phonenumber: "01090001111", username: "박지훈" });
    const me = await call("GET", "/api/info/myinfo", { token: login.data.accessToken });
    expect(me.data.address).toBe(await walletOf(member.id));
    expect(me.data.balance).toBe(0);
  });

  it("refuses a replayed key: PUT twice, or the form submitted twice", async () => {
    const v = await verifyByHttp(s, "signup", { name: "최유나", birth: ADULT_BIRTH, phone: "01090002222" });
    expect((await call("PUT", "/api/auth", { body: { key_info: v.key, password: "111222" } })).code).toBe(200);
    const again = await call("PUT", "/api/auth", { body: { key_info: v.key, password: "111222" } });
    expect([again.status, again.code, again.message]).toEqual([400, 400, Msg.verifyInvalid]);
    const resubmit = await call("POST", "/api/verify/submit", {
      body: { key: v.key, name: "최유나", birth: ADULT_BIRTH, phone: "01090009999", carrier: "SKT" },
    });
    expect(resubmit.code).toBe(200);
    expect(resubmit.data.code).toBe(3);
    // The used key's identity was not overwritten.
    expect((await verification(v.key))!.phone).toBe("01090002222");
  });

  it("answers 3 for a forged or malformed key and refuses it at PUT", async () => {
    for (const key of [crypto.randomBytes(24).toString("base64url"), "not-a-key", "x".repeat(200)]) {
      const r = await call("POST", "/api/verify/submit", {
        body: { key, name: "홍길동", birth: ADULT_BIRTH, phone: "01090003333", carrier: "SKT" },
      });
      expect(r.code).toBe(200);
      expect(r.data.code).toBe(3);
      const put = await call("PUT", "/api/auth", { body: { key_info: key, password: "123456" } });
      expect([put.code, put.message]).toEqual([400, Msg.verifyInvalid]);
    }
    // An issued but never verified key cannot activate anyone.
    const { data } = await call("GET", "/api/auth");
    const put = await call("PUT", "/api/auth", { body: { key_info: data.key, password: "123456" } });
    expect([put.code, put.message]).toEqual([400, Msg.verifyInvalid]);
    expect(await memberByPhone("01090003333")).toBeUndefined();
  });

  it("expires keys: 10 minutes to verify, then 10 minutes to set the password", async () => {
    const { data } = await call("GET", "/api/auth");
    await setExpiry(data.key, new Date(Date.now() - 1000).toISOString());
    const late = await call("POST", "/api/verify/submit", {
      body: { key: data.key, name: "홍길동", birth: ADULT_BIRTH, phone: "01090004444", carrier: "SKT" },
    });
    expect(late.data.code).toBe(3);
    expect((await fetch(`${s.url}/verify/${data.key}`)).status).toBe(404);

    const v = await verifyByHttp(s, "signup", { name: "홍길동", birth: ADULT_BIRTH, phone: "01090004444" });
    expect(v.code).toBe(0);
    await setExpiry(v.key, new Date(Date.now() - 1000).toISOString());
    const put = await call("PUT", "/api/auth", { body: { key_info: v.key, password: "123456" } });
    expect([put.code, put.message]).toEqual([400, Msg.verifyInvalid]);
    expect(await memberByPhone("01090004444")).toBeUndefined();
  });

  it("answers 1417 for an existing member and 1490 under 19 (full age), and neither can activate", async () => {
    const member = await verifyByHttp(s, "signup", { name: "김민준", birth: ADULT_BIRTH, phone: M1.phone });
    expect(member.code).toBe(1417);
    const minor = await verifyByHttp(s, "signup", { name: "어린이", birth: birthForAge(19, 2), phone: "01090005555" });
    expect(minor.code).toBe(1490);
    const eighteen = await verifyByHttp(s, "signup", { name: "열여덟", birth: birthForAge(18), phone: "01090005556" });
    expect(eighteen.code).toBe(1490);
    for (const key of [member.key, minor.key, eighteen.key]) {
      const put = await call("PUT", "/api/auth", { body: { key_info: key, password: "123456" } });
      expect([put.code, put.message]).toEqual([400, Msg.verifyInvalid]);
    }
    expect(await memberByPhone("01090005555")).toBeUndefined();
    // Nineteen today is old enough.
    const nineteen = await verifyByHttp(s, "signup", { name: "열아홉", birth: birthForAge(19), phone: "01090005557" });
    expect(nineteen.code).toBe(0);
  });

  it("refuses a second sign-up of the same phone verified twice", async () => {
    const a = await verifyByHttp(s, "signup", { name: "정하늘", birth: ADULT_BIRTH, phone: "01090006666" });
    const b = await verifyByHttp(s, "signup", { name: "정하늘", birth: ADULT_BIRTH, phone: "01090006666" });
    expect([a.code, b.code]).toEqual([0, 0]);
    expect((await call("PUT", "/api/auth", { body: { key_info: a.key, password: "123456" } })).code).toBe(200);
    const members = await countMembers(s.ctx.db);
    const dup = await call("PUT", "/api/auth", { body: { key_info: b.key, password: "654321" } });
    expect([dup.code, dup.message]).toEqual([400, Msg.alreadyMember]);
    expect(await countMembers(s.ctx.db)).toBe(members);
    // The first sign-up's password stands.
    expect((await call("POST", "/api/auth/login_user", { body: { username: "01090006666", password: "123456" } })).code).toBe(200);
  });

  it("two sign-ups of one phone at the same moment: one member, the other is told it is already one", async () => {
    const phone = "01090006767";
    const a = await verifyByHttp(s, "signup", { name: "동시가입", birth: ADULT_BIRTH, phone });
    const b = await verifyByHttp(s, "signup", { name: "동시가입", birth: ADULT_BIRTH, phone });
    const members = await countMembers(s.ctx.db);
    const answers = await Promise.all(
      [a.key, b.key].map((key_info) => call("PUT", "/api/auth", { body: { key_info, password: "676767" } })),
    );
    expect(answers.map((r) => [r.code, r.message]).sort()).toEqual([
      [200, undefined],
      [400, Msg.alreadyMember],
    ]);
    expect(await countMembers(s.ctx.db)).toBe(members + 1);
    expect((await call("POST", "/api/auth/login_user", { body: { username: phone, password: "676767" } })).code).toBe(200);
    // Below the route: two inserts of one phone at once, the loser's error reads as a duplicate on either store.
    const both = await Promise.allSettled(
      [1, 2].map(() => createMember(s.ctx, { phonenumber: "01090006768", username: "동시", password: "123456" })),
    );
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(isUniqueViolation(both.find((r) => r.status === "rejected")!.reason)).toBe(true);
  });

  it("validates the form and the password with Korean messages, never a 500, and keeps the key usable", async () => {
    const { data } = await call("GET", "/api/auth");
    const good = { key: data.key, name: "송민호", birth: ADULT_BIRTH, phone: "01090007777", carrier: "LGU+" };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, birth: "19901340" }, Msg.verifyBirthInvalid],
      [{ ...good, birth: "2990-01-01" }, Msg.verifyBirthInvalid],
      [{ ...good, birth: "1990-2-3" }, Msg.verifyBirthInvalid],
      [{ ...good, birth: 19900101 }, Msg.verifyBirthInvalid],
      [{ ...good, phone: "0212345678" }, Msg.verifyPhoneInvalid],
      [{ ...good, phone: "010-1234-5678" }, Msg.verifyPhoneInvalid],
      [{ ...good, name: "   " }, Msg.verifyNameRequired],
      [{ ...good, name: undefined }, Msg.verifyNameRequired],
      [{ ...good, name: "가".repeat(31) }, Msg.verifyNameTooLong],
      [{ ...good, carrier: "AT&T" }, Msg.verifyCarrierInvalid],
      [{ ...good, carrier: undefined }, Msg.verifyCarrierInvalid],
      [{ ...good, admin: true }, Msg.unknownField],
      [{ ...good, key: 12345 }, Msg.badRequest],
    ];
    // Another client address (trusted from loopback), so these attempts do not eat this file's rate limit.
    const headers = { "x-forwarded-for": "203.0.113.10" };
    for (const [body, message] of bad) {
      const r = await call("POST", "/api/verify/submit", { body, headers });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 400, message]);
    }
    const broken = await call("POST", "/api/verify/submit", { raw: "{not json", headers });
    expect([broken.status, broken.code, broken.message]).toEqual([400, 400, Msg.badRequest]);
    const ok = await call("POST", "/api/verify/submit", { body: good });
    expect(ok.data.code).toBe(0);

    const passwords: [unknown, string][] = [
      [undefined, Msg.passwordRequired],
      ["", Msg.required],
      ["12345", Msg.passwordSix],
      ["1234567", Msg.passwordSix],
      ["12a456", Msg.passwordDigits],
      [123456, Msg.passwordRequired],
    ];
    for (const [password, message] of passwords) {
      const r = await call("PUT", "/api/auth", { body: { key_info: data.key, password } });
      expect([r.status, r.code, r.message], String(password)).toEqual([400, 400, message]);
    }
    const shapes: [unknown, string][] = [
      [{ password: "123456" }, Msg.badRequest],
      [{ key_info: 42, password: "123456" }, Msg.badRequest],
      [{ key_info: "k".repeat(201), password: "123456" }, Msg.badRequest],
      [{ key_info: data.key, password: "123456", phonenumber: "01000000000" }, Msg.unknownField],
      [[data.key, "123456"], Msg.badRequest],
    ];
    for (const [body, message] of shapes) {
      const r = await call("PUT", "/api/auth", { body });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 400, message]);
    }
    // None of the bad calls used the key up.
    const put = await call("PUT", "/api/auth", { body: { key_info: data.key, password: "246802" } });
    expect(put.code).toBe(200);
    expect(put.data.username).toBe("송민호");
  });

  it("resets a password only for the verified member, once, and lifts the lockout", async () => {
    await signUp("01090008888", "윤서준", "111333");
    const id = (await memberByPhone("01090008888"))!.id;
    // Lock the account with five wrong passwords.
    for (let i = 1; i <= 5; i++) {
      const r = await call("POST", "/api/auth/login_user", { body: { username: "01090008888", password: "000000" } });
      expect(r.code).toBe(i < 5 ? 400 : 423);
    }
    const locked = await call("POST", "/api/auth/login_user", { body: { username: "01090008888", password: "111333" } });
    expect([locked.status, locked.code, locked.message]).toEqual([423, 423, Msg.accountLocked]);
    await s.ctx.lockout.fail(`pay:${id}`);

    const v = await verifyByHttp(s, "reauth", { name: "윤서준", birth: ADULT_BIRTH, phone: "01090008888" });
    expect(v.code).toBe(1417);
    // A phone from the client that is not the verified one is refused, and changes nobody.
    const other = await call("POST", "/api/auth/password_v2", { body: { key_info: v.key, password: "999999", phone: M2.phone } });
    expect([other.code, other.message]).toEqual([400, Msg.verifyPhoneMismatch]);
    expect((await call("POST", "/api/auth/login_user", { body: { username: M2.phone, password: M2.pw } })).code).toBe(200);

    // From my info: another member's logged-in session cannot reset this member's password.
    const otherSession = await s.loginUser(M2.phone, M2.pw);
    const foreign = await call("POST", "/api/auth/password_v2", { token: otherSession, body: { key_info: v.key, password: "999999" } });
    expect([foreign.code, foreign.message]).toEqual([400, Msg.verifyPhoneMismatch]);

    const r = await call("POST", "/api/auth/password_v2", { body: { key_info: v.key, password: "777888", phone: "010-9000-8888" } });
    expect(r.code).toBe(200);
    expect(await s.ctx.lockout.isLocked(`member:${id}`)).toBe(false);
    // The payment count restarted too: the failure before the reset no longer counts towards five.
    for (let i = 1; i <= 5; i++) expect(await s.ctx.lockout.fail(`pay:${id}`)).toBe(i === 5);
    await s.ctx.lockout.reset(`pay:${id}`);
    const oldPw = await call("POST", "/api/auth/login_user", { body: { username: "01090008888", password: "111333" } });
    expect([oldPw.code, oldPw.message]).toEqual([400, Msg.loginFailed]);
    expect((await call("POST", "/api/auth/login_user", { body: { username: "01090008888", password: "777888" } })).code).toBe(200);

    const replay = await call("POST", "/api/auth/password_v2", { body: { key_info: v.key, password: "121212" } });
    expect([replay.code, replay.message]).toEqual([400, Msg.verifyInvalid]);
  });

  it("a change from my info ends the member's other sessions and gives the one that made it a new token", async () => {
    await signUp("01090006161", "하지민", "246246");
    const here = await s.loginUser("01090006161", "246246");
    const elsewhere = await s.loginUser("01090006161", "246246");
    const v = await verifyByHttp(s, "reauth", { name: "하지민", birth: ADULT_BIRTH, phone: "01090006161" });
    const r = await call("POST", "/api/auth/password_v2", { token: here, body: { key_info: v.key, password: "135135" } });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ accessToken: expect.any(String), expiredAt: expect.any(String) });
    const myInfo = async (token: string) => (await call("GET", "/api/info/myinfo", { token })).status;
    expect(await myInfo(elsewhere)).toBe(401);
    expect(await myInfo(here)).toBe(401);
    expect(await myInfo(r.data.accessToken)).toBe(200);
    // Without a session (the login screen's reset) nothing is issued.
    const v2 = await verifyByHttp(s, "reauth", { name: "하지민", birth: ADULT_BIRTH, phone: "01090006161" });
    const anon = await call("POST", "/api/auth/password_v2", { body: { key_info: v2.key, password: "246246" } });
    expect([anon.code, anon.data ?? null]).toEqual([200, null]);
    expect(await myInfo(r.data.accessToken)).toBe(401);
  });

  it("refuses a reset with a key that did not verify a member, or is of the wrong purpose", async () => {
    const stranger = await verifyByHttp(s, "reauth", { name: "남남", birth: ADULT_BIRTH, phone: "01099990000" });
    expect(stranger.code).not.toBe(0);
    expect([1417, 1490]).not.toContain(stranger.code);
    const signupKey = await verifyByHttp(s, "signup", { name: "새사람", birth: ADULT_BIRTH, phone: "01099990001" });
    expect(signupKey.code).toBe(0);
    const forged = crypto.randomBytes(24).toString("base64url");
    for (const key of [stranger.key, signupKey.key, forged]) {
      const r = await call("POST", "/api/auth/password_v2", { body: { key_info: key, password: "123456" } });
      expect([r.status, r.code, r.message]).toEqual([400, 400, Msg.verifyInvalid]);
    }
    // A reauth key of a member cannot create an account either.
    const reauth = await verifyByHttp(s, "reauth", { name: "이서연", birth: ADULT_BIRTH, phone: M2.phone });
    expect(reauth.code).toBe(1417);
    const put = await call("PUT", "/api/auth", { body: { key_info: reauth.key, password: "123456" } });
    expect([put.code, put.message]).toEqual([400, Msg.verifyInvalid]);
    const bad = await call("POST", "/api/auth/password_v2", { body: { key_info: reauth.key, password: "12345" } });
    expect([bad.code, bad.message]).toEqual([400, Msg.passwordSix]);
    const extra = await call("POST", "/api/auth/password_v2", { body: { key_info: reauth.key, password: "123456", username: "x" } });
    expect([extra.code, extra.message]).toEqual([400, Msg.unknownField]);
    // M2's password is untouched by all of the above.
    expect((await call("POST", "/api/auth/login_user", { body: { username: M2.phone, password: M2.pw } })).code).toBe(200);
  });

  it("refuses wrong logins, suspended and kicked-out members", async () => {
    const wrong = await call("POST", "/api/auth/login_user", { body: { username: M1.phone, password: "000000" } });
    expect([wrong.status, wrong.code, wrong.message]).toEqual([400, 400, Msg.loginFailed]);
    const nobody = await call("POST", "/api/auth/login_user", { body: { username: "01000000000", password: "000000" } });
    expect([nobody.code, nobody.message]).toEqual([400, Msg.loginFailed]);
    const missing = await call("POST", "/api/auth/login_user", { body: { username: M1.phone } });
    expect([missing.code, missing.message]).toEqual([400, Msg.passwordRequired]);

    await signUp("01090001212", "정지됨", "121212");
    const token = (await call("POST", "/api/auth/login_user", { body: { username: "01090001212", password: "121212" } })).data.accessToken;
    const suspendedId = (await memberByPhone("01090001212"))!.id;
    await setMemberState(s.ctx.db, suspendedId, "suspension");
    const suspended = await call("POST", "/api/auth/login_user", { body: { username: "01090001212", password: "121212" } });
    expect([suspended.status, suspended.code, suspended.message]).toEqual([403, 403, Msg.accountSuspended]);
    // A token issued before the suspension stops working too.
    const me = await call("GET", "/api/info/myinfo", { token });
    expect([me.code, me.message]).toEqual([403, Msg.accountSuspended]);
    await setMemberState(s.ctx.db, suspendedId, "kickOut");
    const kicked = await call("POST", "/api/auth/login_user", { body: { username: "01090001212", password: "121212" } });
    expect([kicked.code, kicked.message]).toEqual([403, Msg.accountKicked]);
  });

  it("says how many login tries are left, in the same words for a member and for a phone that is not one", async () => {
    await signUp("01090003434", "남은횟수", "343434");
    const member: unknown[] = [];
    const stranger: unknown[] = [];
    for (let i = 1; i <= 5; i++) {
      const m = await call("POST", "/api/auth/login_user", { body: { username: "01090003434", password: "000000" } });
      const n = await call("POST", "/api/auth/login_user", { body: { username: "01090005656", password: "000000" } });
      member.push([m.status, m.code, m.message, m.data ?? null]);
      stranger.push([n.status, n.code, n.message, n.data ?? null]);
    }
    expect(member).toEqual([
      [400, 400, Msg.loginFailed, { triesLeft: 4 }],
      [400, 400, Msg.loginFailed, { triesLeft: 3 }],
      [400, 400, Msg.loginFailed, { triesLeft: 2 }],
      [400, 400, Msg.loginFailed, { triesLeft: 1 }],
      [423, 423, Msg.accountLocked, null],
    ]);
    expect(stranger).toEqual(member);
  });

  describe("the account-wide login lock (no change of address resets it)", () => {
    const wrongFrom = (path: string, username: string, password: string, ip: string) =>
      call("POST", path, { body: { username, password }, headers: { "x-forwarded-for": ip } });
    const answer = (r: Awaited<ReturnType<typeof call>>) => [r.status, r.code, r.message, r.data ?? null];
    /** Seven wrong passwords, each from an address of its own, for a login and for an identifier nobody has. */
    async function sevenAddresses(path: string, known: string, unknown: string, net: number, password = "000000") {
      const member: unknown[] = [];
      const stranger: unknown[] = [];
      for (let i = 1; i <= 7; i++) {
        member.push(answer(await wrongFrom(path, known, password, `198.18.${net}.${i}`)));
        stranger.push(answer(await wrongFrom(path, unknown, password, `198.18.${net + 1}.${i}`)));
      }
      return { member, stranger };
    }

    it("members: seven wrong passwords from seven addresses lock the login, the right one is then refused from anywhere; a phone that is not a member's answers alike; the reset flow lifts it", async () => {
      const phone = "01090007171";
      await signUp(phone, "주소바꿈", "717171");
      const { member, stranger } = await sevenAddresses("/api/auth/login_user", phone, "01090007272", 10);
      const wrong = (triesLeft: number) => [400, 400, Msg.loginFailed, { triesLeft }];
      // Each address alone is far from its five; the login itself has 7 − n left (the smaller count is told).
      expect(member).toEqual([wrong(4), wrong(4), wrong(4), wrong(3), wrong(2), wrong(1), [423, 423, Msg.accountLockedReset, null]]);
      expect(stranger).toEqual(member);
      // The right password, from an address never used: refused, in the same words as a stranger's phone.
      const right = await wrongFrom("/api/auth/login_user", phone, "717171", "198.18.12.1");
      expect(answer(right)).toEqual([423, 423, Msg.accountLockedReset, null]);
      expect(answer(await wrongFrom("/api/auth/login_user", "01090007272", "717171", "198.18.12.2"))).toEqual(answer(right));
      // Kept in the store: a lockout made afresh on it (a restart, another process) sees it.
      const policy = { afterFailures: ACCOUNT_LOCK_AFTER_FAILURES, windowMs: ACCOUNT_LOCK_WINDOW_HOURS * 3_600_000, liftAfterMs: null };
      expect(await createLockout(s.ctx.db).account.status(`login:member:${phone}@*`, policy)).toEqual({ locked: true, triesLeft: 0 });

      // Re-verifying identity through the reset flow lifts it.
      const v = await verifyByHttp(s, "reauth", { name: "주소바꿈", birth: ADULT_BIRTH, phone });
      expect((await call("POST", "/api/auth/password_v2", { body: { key_info: v.key, password: "171717" } })).code).toBe(200);
      expect(answer(await wrongFrom("/api/auth/login_user", phone, "000000", "198.18.12.3"))).toEqual(wrong(4));
      const after = await wrongFrom("/api/auth/login_user", phone, "171717", "198.18.12.4");
      expect([after.status, after.code]).toEqual([200, 200]);
    });

    it("a phone locked before it was a member's is lifted by the sign-up's identity verification", async () => {
      const phone = "01090007373";
      await sevenAddresses("/api/auth/login_user", phone, "01090007474", 20);
      await signUp(phone, "가입전잠김", "737373");
      expect((await wrongFrom("/api/auth/login_user", phone, "737373", "198.18.22.1")).code).toBe(200);
    });

    it("operators: seven wrong passwords from seven addresses lock the login alike (an unknown id answers the same); the lock lifts itself after an hour", async () => {
      await insertOperator(s.ctx, "lockop01", 1, {});
      const { member: operator, stranger } = await sevenAddresses("/api/auth/login_admin", "lockop01", "lockop02", 30, "wrong-pass");
      const wrong = (triesLeft: number) => [400, 400, Msg.adminLoginFailed, { triesLeft }];
      expect(operator).toEqual([wrong(4), wrong(4), wrong(4), wrong(3), wrong(2), wrong(1), [423, 423, Msg.adminAccountLocked, null]]);
      expect(stranger).toEqual(operator);
      const right = await wrongFrom("/api/auth/login_admin", "lockop01", "operator1234", "198.18.32.1");
      expect(answer(right)).toEqual([423, 423, Msg.adminAccountLocked, null]);
      // The hour passes (the lock's time moved back): the right password logs in, and the count starts afresh.
      const hourAgo = new Date(Date.now() - 61 * 60_000).toISOString();
      await s.ctx.db.updateTable("account_lockouts").set({ locked_at: hourAgo }).where("subject", "=", "login:admin:lockop01@*").execute();
      expect(answer(await wrongFrom("/api/auth/login_admin", "lockop01", "nope-nope", "198.18.32.2"))).toEqual(wrong(4));
      expect((await wrongFrom("/api/auth/login_admin", "lockop01", "operator1234", "198.18.32.3")).code).toBe(200);
    });
  });

  it("never returns a password or its hash: sign-up, login, my info, reset, operator login, logout", async () => {
    // Its own data: this test passes alone as well as after the others.
    const from = seen.length;
    const phone = "01090001313";
    await signUp(phone, "노출없음", "131313");
    expect((await call("POST", "/api/auth/login_user", { body: { username: phone, password: "000000" } })).code).toBe(400);
    const login = await call("POST", "/api/auth/login_user", { body: { username: phone, password: "131313" } });
    expect(login.code).toBe(200);
    const token = login.data.accessToken;
    expect((await call("GET", "/api/info/myinfo", { token })).code).toBe(200);
    expect((await call("PUT", "/api/info/myinfo", { token, body: { nickname: "별명" } })).code).toBe(200);
    const v = await verifyByHttp(s, "reauth", { name: "노출없음", birth: ADULT_BIRTH, phone });
    expect((await call("POST", "/api/auth/password_v2", { token, body: { key_info: v.key, password: "313131" } })).code).toBe(200);
    const again = await call("POST", "/api/auth/login_user", { body: { username: phone, password: "313131" } });
    expect(again.code).toBe(200);
    expect((await call("POST", "/api/auth/logout", { token: again.data.accessToken })).code).toBe(200);
    const admin = await call("POST", "/api/auth/login_admin", { body: { username: "admin", password: "admin1234" } });
    expect(admin.code).toBe(200);
    const mine = seen.slice(from).join("\n");
    expect(mine).toContain(login.data.accessToken);
    expect(mine).toContain('"username":"admin"');
    for (const pw of ["131313", "313131", "000000", "admin1234"]) expect(mine).not.toContain(`"${pw}"`);
    expect(mine).not.toMatch(/password_hash|scrypt\$/);
  });

  it("rate-limits starting verifications", async () => {
    let limited: Awaited<ReturnType<TestStack["call"]>> | undefined;
    // A client address of its own: the other tests' keys do not count, and this one does not use theirs up.
    const headers = { "x-forwarded-for": "198.51.100.6" };
    for (let i = 0; i < 40 && !limited; i++) {
      const r = await s.call("GET", "/api/auth", { headers });
      if (r.code !== 200) limited = r;
    }
    expect([limited?.status, limited?.code, limited?.message]).toEqual([429, 429, Msg.tooMany]);
    // Per client: another address still gets keys.
    expect((await s.call("GET", "/api/auth", { headers: { "x-forwarded-for": "198.51.100.7" } })).code).toBe(200);
  });
});
