import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../../test/harness";
import { createMember } from "./members.service";
import { memberByPhone } from "../../records/members.repo";
import { Msg } from "../../../domain/messages";

/** Every test makes its own members, so each passes alone or in any order. */
describe("address book: /api/favorite", () => {
  let s: TestStack;
  let phoneNo = 0;
  /** A new member with a wallet: a voucher address to put in a book. */
  const newWallet = async (username = "친구") => {
    const phonenumber = `0107100${String(++phoneNo).padStart(4, "0")}`;
    return createMember(s.ctx, { phonenumber, username, password: "123456" });
  };
  /** A new member, logged in (logins are rate-limited per client, so only the members that call log in). */
  const newMember = async () => {
    const m = await newWallet("주소록");
    return { id: m.id, address: m.address, token: await s.loginUser(m.phonenumber, "123456") };
  };
  const list = async (token: string) => (await s.call("GET", "/api/favorite", { token })).data.list as any[];
  const add = async (token: string, nickname: string, address: string) => {
    const r = await s.call("POST", "/api/favorite", { token, body: { nickname, address } });
    expect(r.code, r.message).toBe(200);
    return r.data;
  };
  /** The wallet of a seeded member (the shop owner). */
  const seededWallet = async (phone: string) => (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, phone))!.id))!.address;
  const pause = () => new Promise((r) => setTimeout(r, 5));

  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("starts empty and needs a member's web token", async () => {
    const me = await newMember();
    expect(await list(me.token)).toEqual([]);
    const admin = await s.loginOperator("admin", "admin1234");
    for (const opts of [{}, { token: admin }, { token: admin, marker: "operation" as const }, { token: me.token, marker: null }]) {
      for (const [method, path] of [
        ["GET", "/api/favorite"],
        ["POST", "/api/favorite"],
        ["PUT", "/api/favorite/check"],
        ["DELETE", "/api/favorite"],
      ]) {
        const r = await s.call(method, path, { ...opts, body: method === "GET" ? undefined : {} });
        expect([r.status, r.code], `${method} ${path}`).toEqual([401, 401]);
      }
    }
  });

  it("adds a member's or a shop's voucher address, with the checksummed address", async () => {
    const me = await newMember();
    const friend = await newWallet("서연");
    const a = await s.call("POST", "/api/favorite", {
      token: me.token,
      body: { nickname: " 서연 ", address: friend.address.toLowerCase() },
    });
    expect(a.code).toBe(200);
    expect(a.data).toMatchObject({ nickname: "서연", address: friend.address, check: false });
    expect(a.data.id).toBeGreaterThan(0);
    expect(Date.parse(a.data.updatedAt)).not.toBeNaN();
    // The seeded shop owner's wallet is a member wallet too.
    const shopAddr = await seededWallet("01055556666");
    const shop = await s.call("POST", "/api/favorite", { token: me.token, body: { nickname: "마켓 1호점", address: shopAddr } });
    expect(shop.data).toMatchObject({ nickname: "마켓 1호점", address: shopAddr, check: false });
    expect((await list(me.token)).map((f) => f.nickname).sort()).toEqual(["마켓 1호점", "서연"]);
  });

  it("refuses a duplicate (400) and an address that is not a voucher address (code 401, session kept)", async () => {
    const me = await newMember();
    const friend = await newWallet();
    await add(me.token, "친구", friend.address);
    const dup = await s.call("POST", "/api/favorite", {
      token: me.token,
      body: { nickname: "다시", address: friend.address.toUpperCase().replace("0X", "0x") },
    });
    expect([dup.status, dup.code, dup.message]).toEqual([400, 400, Msg.favoriteExists]);
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const fee = (await s.ctx.custody.byKind("fee"))!.address;
    for (const address of [ethers.Wallet.createRandom().address, treasury, fee, "0x1234", "서울시 어딘가", s.ctx.chain.deployment.token]) {
      const r = await s.call("POST", "/api/favorite", { token: me.token, body: { nickname: "남", address } });
      // HTTP 400, not 401: the web app clears the session only on an HTTP 401.
      expect([r.status, r.code, r.message], address).toEqual([400, 401, Msg.favoriteNotVoucher]);
    }
    // Still logged in, and only the first entry is there.
    expect((await list(me.token)).map((f) => f.nickname)).toEqual(["친구"]);
  });

  it("validates the body with Korean messages", async () => {
    const me = await newMember();
    const friend = await newWallet();
    const bad: [unknown, string][] = [
      [{ nickname: "   ", address: friend.address }, Msg.favoriteBlank],
      [{ nickname: "이름", address: "  " }, Msg.favoriteBlank],
      [{ nickname: "가".repeat(31), address: friend.address }, Msg.badRequest],
      [{ nickname: "이름", address: `0x${"a".repeat(101)}` }, Msg.badRequest],
      [{ nickname: 1, address: friend.address }, Msg.badRequest],
      [{ nickname: "이름" }, Msg.badRequest],
      [{ nickname: "이름", address: friend.address, check: true }, Msg.unknownField],
    ];
    for (const [body, message] of bad) {
      const r = await s.call("POST", "/api/favorite", { token: me.token, body });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 400, message]);
    }
    expect(await list(me.token)).toEqual([]);
  });

  it("lists starred first, then by update time descending; star and unstar", async () => {
    const me = await newMember();
    const [a, b] = [await newWallet(), await newWallet()];
    await add(me.token, "서연", a.address);
    await pause();
    await add(me.token, "마켓 1호점", b.address);
    await pause();
    await add(me.token, "내 지갑", me.address);
    expect((await list(me.token)).map((f) => f.nickname)).toEqual(["내 지갑", "마켓 1호점", "서연"]);
    const seoyeon = (await list(me.token)).find((f) => f.nickname === "서연");
    const star = await s.call("PUT", "/api/favorite/check", { token: me.token, body: { id: seoyeon.id, check: true } });
    expect(star.code).toBe(200);
    expect(star.data).toMatchObject({ id: seoyeon.id, check: true, nickname: "서연" });
    expect((await list(me.token)).map((f) => [f.nickname, f.check])).toEqual([
      ["서연", true],
      ["내 지갑", false],
      ["마켓 1호점", false],
    ]);
    await pause();
    const unstar = await s.call("PUT", "/api/favorite/check", { token: me.token, body: { id: seoyeon.id, check: false } });
    expect(unstar.data.check).toBe(false);
    // Touched last, so first among the unstarred.
    expect((await list(me.token)).map((f) => f.nickname)).toEqual(["서연", "내 지갑", "마켓 1호점"]);
  });

  it("validates the star call", async () => {
    const me = await newMember();
    const { id } = await add(me.token, "친구", (await newWallet()).address);
    const bad: unknown[] = [
      { id },
      { id, check: "true" },
      { id: String(id), check: true },
      { id: -1, check: true },
      { id: 1.5, check: true },
      { id, check: true, x: 1 },
    ];
    for (const body of bad) {
      const r = await s.call("PUT", "/api/favorite/check", { token: me.token, body });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(r.message).toMatch(/[가-힣]/);
    }
    const missing = await s.call("PUT", "/api/favorite/check", { token: me.token, body: { id: 999_999, check: true } });
    expect([missing.status, missing.code, missing.message]).toEqual([404, 404, Msg.notFound]);
    expect((await list(me.token))[0].check).toBe(false);
  });

  it("keeps members apart: another member's ids are invisible, unstarrable and undeletable", async () => {
    const me = await newMember();
    const other = await newMember();
    for (const friend of [await newWallet(), await newWallet(), await newWallet()]) await add(me.token, "친구", friend.address);
    const mine = await list(me.token);
    expect(mine).toHaveLength(3);
    expect(await list(other.token)).toEqual([]);
    const star = await s.call("PUT", "/api/favorite/check", { token: other.token, body: { id: mine[0].id, check: true } });
    expect([star.code, star.message]).toEqual([404, Msg.notFound]);
    const del = await s.call("DELETE", "/api/favorite", { token: other.token, body: { select_list: mine.map((f) => f.id) } });
    expect(del.code).toBe(200);
    expect(del.data).toEqual({ deleted: 0 });
    expect(await list(me.token)).toEqual(mine);
    // The same address may sit in two members' books.
    expect((await s.call("POST", "/api/favorite", { token: other.token, body: { nickname: "민준", address: mine[0].address } })).code).toBe(
      200,
    );
  });

  it("deletes the selected own entries; bad lists are 400", async () => {
    const me = await newMember();
    const other = await newMember();
    for (const friend of [await newWallet(), await newWallet(), await newWallet()]) await add(me.token, "친구", friend.address);
    await add(other.token, "친구", me.address);
    const bad: unknown[] = [
      {},
      { select_list: [] },
      { select_list: ["1"] },
      { select_list: 3 },
      { select_list: Array.from({ length: 501 }, (_, i) => i + 1) },
    ];
    for (const body of bad) {
      const r = await s.call("DELETE", "/api/favorite", { token: me.token, body });
      expect([r.status, r.code], JSON.stringify(body).slice(0, 40)).toEqual([400, 400]);
      expect(r.message).toMatch(/[가-힣]/);
    }
    const mine = await list(me.token);
    const r = await s.call("DELETE", "/api/favorite", { token: me.token, body: { select_list: [mine[0].id, mine[2].id, 999_999] } });
    expect(r.data).toEqual({ deleted: 2 });
    expect((await list(me.token)).map((f) => f.id)).toEqual([mine[1].id]);
    expect(await list(other.token)).toHaveLength(1);
  });
});
