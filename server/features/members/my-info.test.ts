import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { createMember } from "./members.service";
import { Msg } from "../../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("my info: GET/PUT /api/info/myinfo", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let admin: string;
  let phoneNo = 0;
  /** A new member of its own for a test that edits a profile, logged in. */
  const newMember = async (username: string) => {
    const phonenumber = `0107200${String(++phoneNo).padStart(4, "0")}`;
    await createMember(s.ctx, { phonenumber, username, password: "123456" });
    return { phonenumber, token: await s.loginUser(phonenumber, "123456") };
  };

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
    admin = await s.loginOperator("admin", "admin1234");
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("answers the member's profile, wallet and spendable balance", async () => {
    const r = await s.call("GET", "/api/info/myinfo", { token: t1 });
    expect(r.code).toBe(200);
    const address = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, M1.phone))!.id))!.address;
    expect(r.data).toEqual({
      username: "김민준",
      address,
      balance: 50_000,
      nickname: null,
      email: null,
      phonenumber: M1.phone,
      homeAddress: null,
      wallets: [{ address }],
    });
    expect(JSON.stringify(r.data)).not.toMatch(/password|scrypt|encrypted|privateKey/i);
    const other = await s.call("GET", "/api/info/myinfo", { token: t2 });
    expect([other.data.username, other.data.balance]).toEqual(["이서연", 20_000]);
  });

  it("needs a web token with the web marker: none, wrong marker, admin token or garbage is 401", async () => {
    const cases = [
      { token: undefined, marker: undefined },
      { token: t1, marker: null },
      { token: t1, marker: "operation" as const },
      { token: admin, marker: "web" as const },
      { token: admin, marker: "operation" as const },
      { token: "not.a.jwt", marker: "web" as const },
      { token: `${t1.slice(0, -3)}abc`, marker: "web" as const },
    ];
    for (const c of cases) {
      const r = await s.call("GET", "/api/info/myinfo", c);
      expect([r.status, r.code], JSON.stringify(c).slice(0, 60)).toEqual([401, 401]);
      expect(r.message).toMatch(/[가-힣]/);
      expect(r.data).toBeUndefined();
    }
    const put = await s.call("PUT", "/api/info/myinfo", { body: { nickname: "x" } });
    expect(put.code).toBe(401);
  });

  it("saves nickname, email and home address and answers the updated object", async () => {
    const me = await newMember("김민준");
    const other = await newMember("이서연");
    const r = await s.call("PUT", "/api/info/myinfo", {
      token: me.token,
      body: { nickname: "  민준이 ", email: "minjun@example.com", address: "서울특별시 중구 세종대로 110 3층" },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      nickname: "민준이",
      email: "minjun@example.com",
      homeAddress: "서울특별시 중구 세종대로 110 3층",
      username: "김민준",
      balance: 0,
    });
    expect(r.data.phonenumber).toBe(me.phonenumber);
    const again = await s.call("GET", "/api/info/myinfo", { token: me.token });
    expect(again.data).toEqual(r.data);
    // Only the caller changed.
    expect((await s.call("GET", "/api/info/myinfo", { token: other.token })).data).toMatchObject({
      nickname: null,
      email: null,
      homeAddress: null,
    });
  });

  it("keeps fields left out, clears fields sent blank or null", async () => {
    const { token } = await newMember("김민준");
    const full = { nickname: "민준이", email: "minjun@example.com", address: "서울특별시 중구 세종대로 110 3층" };
    expect((await s.call("PUT", "/api/info/myinfo", { token, body: full })).code).toBe(200);
    const partial = await s.call("PUT", "/api/info/myinfo", { token, body: { nickname: "새별명" } });
    expect(partial.data).toMatchObject({
      nickname: "새별명",
      email: "minjun@example.com",
      homeAddress: "서울특별시 중구 세종대로 110 3층",
    });
    const cleared = await s.call("PUT", "/api/info/myinfo", { token, body: { email: "", address: null, nickname: "   " } });
    expect(cleared.data).toMatchObject({ nickname: null, email: null, homeAddress: null });
    const empty = await s.call("PUT", "/api/info/myinfo", { token, body: {} });
    expect(empty.code).toBe(200);
    expect(empty.data).toEqual(cleared.data);
  });

  it("validates the edit with Korean messages and changes nothing on error", async () => {
    const { phonenumber, token } = await newMember("이서연");
    await s.call("PUT", "/api/info/myinfo", { token, body: { nickname: "서연", email: "seoyeon@example.com" } });
    const bad: [unknown, string][] = [
      [{ email: "not-an-email" }, Msg.emailInvalid],
      [{ email: "a@b" }, Msg.emailInvalid],
      [{ email: `${"a".repeat(95)}@example.com` }, Msg.emailInvalid],
      [{ nickname: "가".repeat(21) }, Msg.nicknameTooLong],
      [{ nickname: 42 }, Msg.badRequest],
      [{ address: "주".repeat(201) }, Msg.badRequest],
      [{ address: ["서울"] }, Msg.badRequest],
      [{ nickname: "ok", phonenumber: "01000000000" }, Msg.unknownField],
      [{ username: "해커" }, Msg.unknownField],
      ["nickname", Msg.badRequest],
    ];
    for (const [body, message] of bad) {
      const r = await s.call("PUT", "/api/info/myinfo", { token, body });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 400, message]);
    }
    const broken = await s.call("PUT", "/api/info/myinfo", { token, raw: '{"nickname": ' });
    expect([broken.status, broken.code, broken.message]).toEqual([400, 400, Msg.badRequest]);
    const me = await s.call("GET", "/api/info/myinfo", { token });
    expect(me.data).toMatchObject({ username: "이서연", phonenumber, nickname: "서연", email: "seoyeon@example.com" });
  });
});
