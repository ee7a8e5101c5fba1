import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../test/harness";
import { memberByPhone } from "../services/members";
import { Msg } from "../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };
const SHOP = { phone: "01055556666", pw: "333333" };

describe("address book: /api/favorite", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let addr1: string;
  let addr2: string;
  let shopAddr: string;
  const walletOf = (phone: string) => s.ctx.custody.memberWallet(memberByPhone(s.ctx, phone)!.id)!.address;
  const list = async (token: string) => (await s.call("GET", "/api/favorite", { token })).data.list as any[];

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
    [addr1, addr2, shopAddr] = [walletOf(M1.phone), walletOf(M2.phone), walletOf(SHOP.phone)];
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("starts empty and needs a member's web token", async () => {
    expect(await list(t1)).toEqual([]);
    const admin = await s.loginAdmin("admin", "admin1234");
    for (const opts of [{}, { token: admin }, { token: admin, marker: "operation" as const }, { token: t1, marker: null }]) {
      for (const [method, path] of [["GET", "/api/favorite"], ["POST", "/api/favorite"], ["PUT", "/api/favorite/check"], ["DELETE", "/api/favorite"]]) {
        const r = await s.call(method, path, { ...opts, body: method === "GET" ? undefined : {} });
        expect([r.status, r.code], `${method} ${path}`).toEqual([401, 401]);
      }
    }
  });

  it("adds a member's or a shop's voucher address, with the checksummed address", async () => {
    const a = await s.call("POST", "/api/favorite", { token: t1, body: { nickname: " 서연 ", address: addr2.toLowerCase() } });
    expect(a.code).toBe(200);
    expect(a.data).toMatchObject({ nickname: "서연", address: addr2, check: false });
    expect(a.data.id).toBeGreaterThan(0);
    expect(Date.parse(a.data.updatedAt)).not.toBeNaN();
    const b = await s.call("POST", "/api/favorite", { token: t1, body: { nickname: "마켓 1호점", address: shopAddr } });
    expect(b.data).toMatchObject({ nickname: "마켓 1호점", address: shopAddr, check: false });
  });

  it("refuses a duplicate (400) and an address that is not a voucher address (code 401, session kept)", async () => {
    const dup = await s.call("POST", "/api/favorite", { token: t1, body: { nickname: "다시", address: addr2.toUpperCase().replace("0X", "0x") } });
    expect([dup.status, dup.code, dup.message]).toEqual([400, 400, Msg.favoriteExists]);
    const treasury = s.ctx.custody.byKind("treasury")!.address;
    const fee = s.ctx.custody.byKind("fee")!.address;
    for (const address of [ethers.Wallet.createRandom().address, treasury, fee, "0x1234", "서울시 어딘가", s.ctx.chain.deployment.token]) {
      const r = await s.call("POST", "/api/favorite", { token: t1, body: { nickname: "남", address } });
      // HTTP 400, not 401: the web app clears the session only on an HTTP 401.
      expect([r.status, r.code, r.message], address).toEqual([400, 401, Msg.favoriteNotVoucher]);
    }
    // Still logged in.
    expect((await s.call("GET", "/api/favorite", { token: t1 })).code).toBe(200);
  });

  it("validates the body with Korean messages", async () => {
    const bad: [unknown, string][] = [
      [{ nickname: "   ", address: addr2 }, Msg.favoriteBlank],
      [{ nickname: "이름", address: "  " }, Msg.favoriteBlank],
      [{ nickname: "가".repeat(31), address: addr2 }, Msg.badRequest],
      [{ nickname: "이름", address: "0x" + "a".repeat(101) }, Msg.badRequest],
      [{ nickname: 1, address: addr2 }, Msg.badRequest],
      [{ nickname: "이름" }, Msg.badRequest],
      [{ nickname: "이름", address: addr2, check: true }, Msg.unknownField],
    ];
    for (const [body, message] of bad) {
      const r = await s.call("POST", "/api/favorite", { token: t1, body });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 400, message]);
    }
  });

  it("lists starred first, then by update time descending; star and unstar", async () => {
    await new Promise((r) => setTimeout(r, 5));
    const own = await s.call("POST", "/api/favorite", { token: t1, body: { nickname: "내 지갑", address: addr1 } });
    expect(own.code).toBe(200);
    expect((await list(t1)).map((f) => f.nickname)).toEqual(["내 지갑", "마켓 1호점", "서연"]);
    const seoyeon = (await list(t1)).find((f) => f.nickname === "서연");
    const star = await s.call("PUT", "/api/favorite/check", { token: t1, body: { id: seoyeon.id, check: true } });
    expect(star.code).toBe(200);
    expect(star.data).toMatchObject({ id: seoyeon.id, check: true, nickname: "서연" });
    expect((await list(t1)).map((f) => [f.nickname, f.check])).toEqual([
      ["서연", true],
      ["내 지갑", false],
      ["마켓 1호점", false],
    ]);
    await new Promise((r) => setTimeout(r, 5));
    const unstar = await s.call("PUT", "/api/favorite/check", { token: t1, body: { id: seoyeon.id, check: false } });
    expect(unstar.data.check).toBe(false);
    // Touched last, so first among the unstarred.
    expect((await list(t1)).map((f) => f.nickname)).toEqual(["서연", "내 지갑", "마켓 1호점"]);
  });

  it("validates the star call", async () => {
    const id = (await list(t1))[0].id;
    const bad: unknown[] = [{ id }, { id, check: "true" }, { id: String(id), check: true }, { id: -1, check: true }, { id: 1.5, check: true }, { id, check: true, x: 1 }];
    for (const body of bad) {
      const r = await s.call("PUT", "/api/favorite/check", { token: t1, body });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(r.message).toMatch(/[가-힣]/);
    }
    const missing = await s.call("PUT", "/api/favorite/check", { token: t1, body: { id: 999_999, check: true } });
    expect([missing.status, missing.code, missing.message]).toEqual([404, 404, Msg.notFound]);
  });

  it("keeps members apart: another member's ids are invisible, unstarrable and undeletable", async () => {
    const mine = await list(t1);
    expect(mine).toHaveLength(3);
    expect(await list(t2)).toEqual([]);
    const star = await s.call("PUT", "/api/favorite/check", { token: t2, body: { id: mine[0].id, check: true } });
    expect([star.code, star.message]).toEqual([404, Msg.notFound]);
    const del = await s.call("DELETE", "/api/favorite", { token: t2, body: { select_list: mine.map((f) => f.id) } });
    expect(del.code).toBe(200);
    expect(del.data).toEqual({ deleted: 0 });
    expect(await list(t1)).toEqual(mine);
    // The same address may sit in two members' books.
    const theirs = await s.call("POST", "/api/favorite", { token: t2, body: { nickname: "민준", address: addr1 } });
    expect(theirs.code).toBe(200);
  });

  it("deletes the selected own entries; bad lists are 400", async () => {
    const bad: unknown[] = [{}, { select_list: [] }, { select_list: ["1"] }, { select_list: 3 }, { select_list: Array.from({ length: 501 }, (_, i) => i + 1) }];
    for (const body of bad) {
      const r = await s.call("DELETE", "/api/favorite", { token: t1, body });
      expect([r.status, r.code], JSON.stringify(body).slice(0, 40)).toEqual([400, 400]);
      expect(r.message).toMatch(/[가-힣]/);
    }
    const mine = await list(t1);
    const r = await s.call("DELETE", "/api/favorite", { token: t1, body: { select_list: [mine[0].id, mine[2].id, 999_999] } });
    expect(r.data).toEqual({ deleted: 2 });
    expect((await list(t1)).map((f) => f.id)).toEqual([mine[1].id]);
    expect(await list(t2)).toHaveLength(1);
  });
});
