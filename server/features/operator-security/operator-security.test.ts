import { generate } from "otplib";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { OperatorPermission, type OperatorFlags } from "../../../domain/constants";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** Every operator helper (test/operators.ts) has this password. */
const PW = "operator1234";
/** Inside OPERATOR_IP_ALLOWLIST below: 192.0.2.0/24 (and loopback); outside: 198.51.100.0/24. */
const inside = (n: number) => `192.0.2.${n}`;
const OUTSIDE = "198.51.100.7";

describe("operators' two-factor login (TOTP) and IP allow-list", () => {
  let s: TestStack;
  /** Each test logs in from an address of its own: the per-address lockouts and limits never carry over. */
  let client = 10;
  /** Every answer this file saw (but the ones that show a secret or recovery codes), and what those showed. */
  const seen: string[] = [];
  const shown: string[] = [];

  beforeAll(async () => {
    s = await startTestStack({
      seedDemo: false,
      operatorTwoFactor: "required",
      operatorIpAllowlist: ["127.0.0.0/8", "::1/128", "192.0.2.0/24"],
    });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const call = async (method: string, path: string, opts: { token?: string; body?: unknown; from?: string } = {}) => {
    const r = await s.call(method, path, {
      token: opts.token,
      marker: opts.token ? "operation" : null,
      body: opts.body,
      headers: { "x-forwarded-for": opts.from ?? inside(client) },
    });
    if (r.data?.secret) shown.push(r.data.secret);
    if (r.data?.recoveryCodes) shown.push(...r.data.recoveryCodes.flatMap((c: string) => [c, c.replace("-", "")]));
    if (!r.data?.secret && !r.data?.recoveryCodes) seen.push(JSON.stringify({ message: r.message, data: r.data }));
    return r;
  };
  const login = (username: string, otp?: string, from?: string) =>
    call("POST", "/api/auth/login_admin", { body: { username, password: PW, ...(otp ? { otp } : {}) }, from });
  const operator = async (loginId: string, permission: number = OperatorPermission.SUB, flags: OperatorFlags = { isAccount1: true }) => {
    await insertOperator(s.ctx, loginId, permission, flags);
    client++;
    const r = await login(loginId);
    expect(r.status, r.message).toBe(200);
    // OPERATOR_2FA=required asks it of permission 0 only (domain/constants.ts has no approver flag).
    expect(r.data.enrolOnly).toBe(permission === OperatorPermission.SUPER ? true : undefined);
    return r.data.accessToken as string;
  };
  /** The code of the step `steps` away from now (the server accepts one step either side). */
  const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  /** Enrols from the operator's own session: the secret shown, the first code, the recovery codes and the new token. */
  const enrol = async (token: string) => {
    const setup = await call("POST", "/api/operation/security/totp/setup", { token });
    expect(setup.status, setup.message).toBe(200);
    const secret = setup.data.secret as string;
    const on = await call("POST", "/api/operation/security/totp/enable", { token, body: { otp: await code(secret) } });
    expect(on.status, on.message).toBe(200);
    return { secret, recoveryCodes: on.data.recoveryCodes as string[], token: on.data.accessToken as string };
  };
  const mainData = (token: string, from?: string) => call("GET", "/api/operation/maindata", { token, from });
  /** Opens the operators' socket: "open", or the HTTP status it was refused with. */
  const socket = (token: string, from: string) =>
    new Promise<number | "open">((resolve) => {
      const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${token}`, { headers: { "x-forwarded-for": from } });
      ws.on("error", () => undefined);
      ws.on("unexpected-response", (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      ws.on("open", () => {
        ws.close();
        resolve("open");
      });
    });

  it("an enrolled operator cannot log in without the code; with it once; the same code is refused again", async () => {
    const first = await operator("twofa01");
    const before = await call("GET", "/api/operation/security", { token: first });
    expect(before.data).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await call("POST", "/api/operation/security/totp/setup", { token: first });
    const secret = setup.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUrl).toBe(`otpauth://totp/KRW%20Voucher:twofa01?secret=${secret}&issuer=KRW%20Voucher`);
    // Not in force until confirmed: the login still needs no code.
    expect((await login("twofa01")).status).toBe(200);

    const wrong = await call("POST", "/api/operation/security/totp/enable", { token: first, body: { otp: await code(secret, 5) } });
    expect([wrong.status, wrong.message]).toEqual([400, Msg.otpWrong]);
    const firstCode = await code(secret);
    const on = await call("POST", "/api/operation/security/totp/enable", { token: first, body: { otp: firstCode } });
    expect([on.status, on.message]).toEqual([200, Msg.otpEnabled]);
    expect(on.data.recoveryCodes).toHaveLength(10);
    for (const c of on.data.recoveryCodes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    // Every session from before ends; the one that enrolled goes on with its new token.
    expect((await mainData(first)).status).toBe(401);
    expect((await mainData(on.data.accessToken)).status).toBe(200);
    expect((await call("GET", "/api/operation/security", { token: on.data.accessToken })).data).toMatchObject({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect((await call("POST", "/api/operation/security/totp/setup", { token: on.data.accessToken })).message).toBe(Msg.otpAlreadyEnabled);

    // The right password alone: a distinct code asks for the one-time code, and no token.
    const asked = await login("twofa01");
    expect([asked.status, asked.code, asked.message, asked.data]).toEqual([401, Code.OTP_REQUIRED, Msg.otpRequired, undefined]);
    // A wrong password is still just that (the code is asked only after the password).
    const badPw = await call("POST", "/api/auth/login_admin", {
      body: { username: "twofa01", password: "wrong-password", otp: await code(secret) },
    });
    expect([badPw.status, badPw.message]).toEqual([400, Msg.adminLoginFailed]);
    // The enrolment's code was spent there: refused at login within its window.
    const replay = await login("twofa01", firstCode);
    expect([replay.status, replay.message]).toEqual([400, Msg.otpReused]);
    const next = await code(secret, 1);
    const ok = await login("twofa01", next);
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.enrolOnly).toBeUndefined();
    expect((await mainData(ok.data.accessToken)).status).toBe(200);
    const again = await login("twofa01", next);
    expect([again.status, again.message]).toEqual([400, Msg.otpReused]);

    // At rest: the secret sealed (AES-256-GCM), never in the clear.
    const row = await s.ctx.db.selectFrom("operator_totp").selectAll().where("admin_id", "=", ok.data.account.id).executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret);
    expect(row.pending_secret).toBeNull();
  });

  it("a recovery code logs in once (with or without its dash, in either case), and says so in the audit log", async () => {
    const { recoveryCodes } = await enrol(await operator("twofa02"));
    const [first, second] = recoveryCodes as [string, string];
    const ok = await login("twofa02", first.replace("-", "").toLowerCase());
    expect(ok.status, ok.message).toBe(200);
    const reused = await login("twofa02", first);
    expect([reused.status, reused.message]).toEqual([400, Msg.otpWrong]);
    expect((await login("twofa02", ` ${second} `)).status).toBe(200);
    const status = await call("GET", "/api/operation/security", { token: (await login("twofa02", recoveryCodes[2])).data.accessToken });
    expect(status.data.recoveryCodesLeft).toBe(7);

    const audit = await s.ctx.db
      .selectFrom("admin_actions")
      .select(["action"])
      .where("admin_login_id", "=", "twofa02")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "operator.2fa.enable",
      "operator.2fa.recovery",
      "operator.2fa.recovery",
      "operator.2fa.recovery",
    ]);
    // Stored as keyed hashes only.
    const hashes = await s.ctx.db.selectFrom("operator_recovery_codes").select("code_hash").execute();
    const all = JSON.stringify(hashes);
    for (const c of recoveryCodes) expect(all).not.toContain(c.replace("-", ""));
  });

  it("wrong codes count toward the login lockout: five lock it, the right code too, from any address", async () => {
    const { secret } = await enrol(await operator("twofa03"));
    const wrong = String((Number(await code(secret)) + 1) % 1_000_000).padStart(6, "0");
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await login("twofa03", wrong);
      answers.push([r.status, r.data?.triesLeft ?? null]);
    }
    // Each try carries the right password; it does not clear the count of the wrong codes before it.
    expect(answers).toEqual([
      [400, 4],
      [400, 3],
      [400, 2],
      [400, 1],
      [423, null],
    ]);
    const right = await login("twofa03", await code(secret, 1));
    expect([right.status, right.message]).toEqual([423, Msg.accountLocked]);
    // The operator's second factor is locked wherever the guesses come from.
    const elsewhere = await login("twofa03", await code(secret, 1), inside(250));
    expect([elsewhere.status, elsewhere.message]).toEqual([423, Msg.otpLocked]);
  });

  it("turning two-factor login off needs a current code", async () => {
    const enrolled = await enrol(await operator("twofa04"));
    const noCode = await call("POST", "/api/operation/security/totp/disable", { token: enrolled.token, body: {} });
    expect(noCode.status).toBe(400);
    const wrong = await call("POST", "/api/operation/security/totp/disable", { token: enrolled.token, body: { otp: "000000" } });
    expect(wrong.status).toBe(400);
    const off = await call("POST", "/api/operation/security/totp/disable", {
      token: enrolled.token,
      body: { otp: await code(enrolled.secret, 1) },
    });
    expect([off.status, off.message, off.data.enrolOnly]).toEqual([200, Msg.otpDisabled, undefined]);
    expect((await mainData(enrolled.token)).status).toBe(401);
    expect((await mainData(off.data.accessToken)).status).toBe(200);
    expect((await login("twofa04")).status).toBe(200);
  });

  it("OPERATOR_2FA=required: a permission-0 operator not enrolled gets a token that only enrols, until it does", async () => {
    const limited = await operator("super2fa", OperatorPermission.SUPER, {});
    const refused = await mainData(limited);
    expect([refused.status, refused.code, refused.message]).toEqual([403, Code.OTP_ENROL_REQUIRED, Msg.otpEnrolRequired]);
    expect((await call("GET", "/api/operation/toolbar", { token: limited })).code).toBe(Code.OTP_ENROL_REQUIRED);
    expect((await call("GET", "/api/operation/security", { token: limited })).data).toMatchObject({ enabled: false, required: true });
    // No notices either.
    expect(await socket(limited, inside(client))).toBe(401);

    const { secret, token, recoveryCodes } = await enrol(limited);
    expect((await mainData(token)).status).toBe(200);
    // From now on its logins need the code, and give a full token.
    expect((await login("super2fa")).code).toBe(Code.OTP_REQUIRED);
    const full = await login("super2fa", await code(secret, 1));
    expect([full.status, full.data.enrolOnly]).toEqual([200, undefined]);

    // Turned off again (with a recovery code: both steps in reach are spent), its session is limited to enrolling once more.
    const off = await call("POST", "/api/operation/security/totp/disable", {
      token: full.data.accessToken,
      body: { otp: recoveryCodes[0] },
    });
    expect([off.status, off.data.enrolOnly]).toEqual([200, true]);
    expect((await mainData(off.data.accessToken)).code).toBe(Code.OTP_ENROL_REQUIRED);
    expect((await login("super2fa")).data.enrolOnly).toBe(true);
  });

  it("OPERATOR_IP_ALLOWLIST: logins, calls and the socket from outside the ranges are refused", async () => {
    const token = await operator("ipcheck1");
    const outLogin = await login("ipcheck1", undefined, OUTSIDE);
    expect([outLogin.status, outLogin.message, outLogin.data]).toEqual([403, Msg.operatorIpRefused, undefined]);
    // Refused before the password is looked at: a wrong one from outside answers the same.
    const outWrong = await call("POST", "/api/auth/login_admin", { body: { username: "ipcheck1", password: "nope-nope" }, from: OUTSIDE });
    expect([outWrong.status, outWrong.message]).toEqual([403, Msg.operatorIpRefused]);
    expect((await mainData(token, OUTSIDE)).status).toBe(403);
    expect((await mainData(token, "2001:db8::1")).status).toBe(403);
    expect((await mainData(token, inside(77))).status).toBe(200);
    expect(await socket(token, OUTSIDE)).toBe(403);
    expect(await socket(token, inside(78))).toBe("open");
  });

  it("shows a secret only when enrolment starts and recovery codes only when it is confirmed", () => {
    expect(shown.length).toBeGreaterThan(40);
    const answers = seen.join("\n");
    for (const x of shown) expect(answers).not.toContain(x);
  });
});
