import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { OperatorPermission } from "../../../domain/constants";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** Every operator helper (test/operators.ts) has this password. */
const PW = "operator1234";
const REASON = "휴대폰·복구 코드 분실: 신분증 대면 확인 (2026-11-28, 본사)";

/**
 * An operator who lost both the phone and the recovery codes gets back in: a super admin proposes the reset of its
 * second factor with the identity check in the reason, another super admin approves, the operator's sessions end and
 * its next login can only enrol again.
 */
describe("an operator's second factor reset by super admins (dual control)", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const op = (token: string | undefined, method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: token ? "operation" : null, body });
  const login = (username: string, otp?: string) =>
    op(undefined, "POST", "/api/auth/login_admin", { username, password: PW, ...(otp ? { otp } : {}) });
  const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  const enrol = async (token: string) => {
    const setup = await op(token, "POST", "/api/operation/security/totp/setup");
    expect(setup.status, setup.message).toBe(200);
    const on = await op(token, "POST", "/api/operation/security/totp/enable", { otp: await code(setup.data.secret) });
    expect(on.status, on.message).toBe(200);
    return { secret: setup.data.secret as string, token: on.data.accessToken as string };
  };
  const propose = (token: string, adminId: number, reason?: string) =>
    op(token, "POST", "/api/proposals", {
      kind: "operatorTwoFactorReset",
      payload: { adminId },
      ...(reason === undefined ? {} : { reason }),
    });

  it("is proposed with the identity check in its reason, approved by another super admin, and forces enrolment again", async () => {
    const id = await insertOperator(s.ctx, "lost01", OperatorPermission.SUB, { isAccount1: true });
    const first = await login("lost01");
    const enrolled = await enrol(first.data.accessToken);
    expect((await login("lost01")).code).toBe(Code.OTP_REQUIRED);

    // Only super admins propose it, and only with a reason.
    await insertOperator(s.ctx, "ops01", OperatorPermission.SUB, { isAccount4: true });
    const sub = await login("ops01");
    expect((await propose(sub.data.accessToken, id, REASON)).status).toBe(403);
    for (const reason of [undefined, "", "   "]) {
      const r = await propose(admin, id, reason);
      expect([r.status, r.message]).toEqual([400, reason === undefined ? Msg.required : Msg.proposalReasonRequired]);
    }
    const proposed = await propose(admin, id, REASON);
    expect(proposed.status, proposed.message).toBe(200);
    const pid = proposed.data.proposal.id as number;
    // Nothing changes before the approval: the code is still asked.
    expect((await login("lost01")).code).toBe(Code.OTP_REQUIRED);
    // Not by the proposer; by another super admin.
    expect((await op(admin, "POST", `/api/proposals/${pid}/approve`)).message).toBe(Msg.proposalSelfApproval);
    const approved = await op(admin2, "POST", `/api/proposals/${pid}/approve`);
    expect([approved.status, approved.data.state]).toEqual([200, "approved"]);

    // The operator's sessions ended; its next login (no code asked) reaches only its own security settings.
    expect((await op(enrolled.token, "GET", "/api/operation/maindata")).status).toBe(401);
    const next = await login("lost01");
    expect([next.status, next.data.enrolOnly]).toEqual([200, true]);
    expect((await op(next.data.accessToken, "GET", "/api/operation/maindata")).code).toBe(Code.OTP_ENROL_REQUIRED);
    expect((await op(next.data.accessToken, "GET", "/api/operation/security")).data).toMatchObject({ enabled: false, required: true });
    expect(await s.ctx.db.selectFrom("operator_recovery_codes").select("id").where("admin_id", "=", id).execute()).toEqual([]);

    // Enrolled again: a full session, and its logins ask the new code.
    const again = await enrol(next.data.accessToken);
    expect((await op(again.token, "GET", "/api/operation/maindata")).status).toBe(200);
    expect((await login("lost01")).code).toBe(Code.OTP_REQUIRED);
    const full = await login("lost01", await code(again.secret, 1));
    expect([full.status, full.data.enrolOnly]).toEqual([200, undefined]);

    // In the audit log: the proposal with its reason, and the approval.
    const entries = await s.ctx.db
      .selectFrom("admin_actions")
      .select(["action", "admin_login_id", "after_json"])
      .where("target_type", "=", "proposal")
      .where("target_id", "=", String(pid))
      .orderBy("id")
      .execute();
    expect(entries.map((e) => [e.action, e.admin_login_id])).toEqual([
      ["proposal.create", "admin"],
      ["proposal.approve", "admin2"],
    ]);
    expect(JSON.parse(entries[0].after_json!)).toMatchObject({ kind: "operatorTwoFactorReset", payload: { adminId: id }, reason: REASON });
  });

  it("is refused for an operator without a second factor, and for one that does not exist", async () => {
    const id = await insertOperator(s.ctx, "plain01", OperatorPermission.SUB, { isAccount1: true });
    const none = await propose(admin, id, REASON);
    expect([none.status, none.message]).toEqual([409, Msg.otpNotEnabled]);
    expect((await propose(admin, 999_999, REASON)).status).toBe(404);
  });
});
