import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { sendValidityNotices } from "./validity.service";
import { validityApi as api } from "../../../domain/api/validity";
import { memberNoticesApi } from "../../../domain/api/member-notices";
import { VALIDITY_YEARS } from "../../../domain/policy/validity";
import { WITH_REASON } from "../../test/download-reason";

const M1 = { phone: "01011112222", pw: "111111" };
const DAY = 86_400_000;

describe("validity: the rule, the notices on the clock, extension, after-expiry rate, the operators' report", () => {
  let s: TestStack;
  let t1: string;
  let admin: string;
  let m1: number;
  const validity = async () => (await s.api(api.myValidity, undefined, { token: t1 })).data;
  const kinds = async () =>
    (await s.api(memberNoticesApi.memberNotices, { page: 1, perPage: 50 }, { token: t1 })).data.list.map((n) => n.kind);
  /** Puts the stack's clock `days` before (negative: after) the member's current end of validity. */
  const moveTo = async (daysBeforeEnd: number) => {
    const until = new Date((await validity()).validUntil!).getTime();
    s.ctx.clock.advance(until - daysBeforeEnd * DAY - s.ctx.clock.now().getTime());
  };

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    admin = await s.loginOperator("admin", "admin1234");
    m1 = (await memberByPhone(s.ctx.db, M1.phone))!.id;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("runs 5 years from the last charge", async () => {
    const v = await validity();
    expect(v).toMatchObject({ state: "valid", balance: 50_000, afterExpiryPercent: 90, canExtend: false });
    const last = new Date(v.lastChargeAt!);
    const until = new Date(v.validUntil!);
    expect(until.getUTCFullYear() - last.getUTCFullYear()).toBe(VALIDITY_YEARS);
    expect(until.getTime() - last.getTime()).toBeGreaterThan(5 * 365 * DAY);
    expect(await sendValidityNotices(s.ctx)).toBe(0);
  });

  it("tells 30 days before the end once, lets the member extend, tells 7 days before the new end", async () => {
    await moveTo(20);
    expect(await sendValidityNotices(s.ctx)).toBeGreaterThanOrEqual(1);
    const again = await sendValidityNotices(s.ctx);
    expect(again).toBe(0);
    expect((await kinds()).filter((k) => k === "validity_30")).toHaveLength(1);
    const before = await validity();
    expect(before).toMatchObject({ state: "expiring", canExtend: true, daysLeft: 19 });
    const extended = await s.api(api.extendValidity, undefined, { token: t1 });
    expect(extended.code).toBe(200);
    const months = (new Date(extended.data.validUntil!).getTime() - new Date(before.validUntil!).getTime()) / DAY;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);
    expect(extended.data.state).toBe("valid");
    // Outside the last 30 days no extension.
    expect((await s.api(api.extendValidity, undefined, { token: t1 })).code).toBe(409);
    await moveTo(5);
    await sendValidityNotices(s.ctx);
    const k = await kinds();
    expect(k.filter((x) => x === "validity_7")).toHaveLength(1);
    // The new period told its 30-day notice too? No: 7 is the nearest threshold passed.
    expect(k.filter((x) => x === "validity_30")).toHaveLength(1);
  });

  it("after the end: expired, the after-expiry refund at 90%, a notice with the rate, in the operators' report", async () => {
    await moveTo(-1);
    const v = await validity();
    expect(v).toMatchObject({ state: "expired", afterExpiryRefund: 45_000, canExtend: false });
    expect(new Date(v.refundableUntil!).getUTCFullYear() - new Date(v.validUntil!).getUTCFullYear()).toBe(5);
    await sendValidityNotices(s.ctx);
    const list = (await s.api(memberNoticesApi.memberNotices, { page: 1, perPage: 50 }, { token: t1 })).data.list;
    const ended = list.find((n) => n.kind === "validity_ended")!;
    expect(ended.body).toContain("90%(45,000원)");
    expect(ended.link).toBe("/info/detail");
    const report = await s.api(api.validityReport, { scope: "expired", page: 1, perPage: 10 }, { token: admin });
    const row = report.data.list.find((r) => r.memberId === m1)!;
    expect(row).toMatchObject({ phone: "010-****-2222", balance: 50_000, afterExpiryRefund: 45_000, state: "expired" });
    expect(
      (await s.api(api.validityReport, { scope: "30", page: 1, perPage: 10 }, { token: admin })).data.list.some((r) => r.memberId === m1),
    ).toBe(false);
    const file = await fetch(`${s.url}/api/operation/validity/report/download?scope=expired`, {
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheet");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect((await s.api(api.validityReport, { scope: "expired", page: 1, perPage: 10 }, { token: t1 })).status).toBe(401);
  });
});
