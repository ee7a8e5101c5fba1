import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { requestBuy } from "../purchases/purchases.service";
import { notifyMember, notifyMembers } from "../../records/member-notices/notify-member";
import { useOutboundProvider } from "../../records/member-notices/outbound";
import { memberNoticesApi as api } from "../../../domain/api/member-notices";
import { salesApi } from "../../../domain/api/purchases";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

/** A member socket and the frames it got. */
async function openSocket(s: TestStack, token: string) {
  const frames: Record<string, unknown>[] = [];
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws/member?token=${token}`);
  ws.on("message", (d) => frames.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const waitFor = async (pred: (f: Record<string, unknown>) => boolean, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const f = frames.find(pred);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no frame matched; got ${JSON.stringify(frames)}`);
  };
  return { ws, frames, waitFor };
}

describe("member notices: notification center, member websocket, outbound messages", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let admin: string;
  let m1: number;
  let m2: number;

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
    admin = await s.loginOperator("admin", "admin1234");
    m1 = (await memberByPhone(s.ctx.db, M1.phone))!.id;
    m2 = (await memberByPhone(s.ctx.db, M2.phone))!.id;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("refuses a socket without a live member session", async () => {
    const bad = new WebSocket(`${s.url.replace("http", "ws")}/ws/member?token=nope`);
    const status = await new Promise<number>((resolve) => bad.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
    const op = new WebSocket(`${s.url.replace("http", "ws")}/ws/member?token=${admin}`);
    expect(await new Promise<number>((resolve) => op.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)))).toBe(401);
  });

  it("tells the recipient of a gift in real time, stores it once, sends the same text as a message with the phone masked", async () => {
    const sock = await openSocket(s, t2);
    const other = await openSocket(s, t1);
    await sock.waitFor((f) => f.kind === "hello");
    const before = (await s.api(api.memberNoticesUnread, undefined, { token: t2 })).data.unread;
    const look = await s.call("POST", "/api/info/user", { token: t1, body: { phonenumber: M2.phone } });
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 3_000, password: M1.pw },
    });
    expect(gift.data.status).toBe("confirmed");
    const frame = await sock.waitFor((f) => f.kind === "notice");
    expect(frame.unread).toBe(before + 1);
    // The frame names the notice; its text is read over HTTP, with the member's own token.
    expect(JSON.stringify(frame)).not.toContain("선물");
    const page = await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t2 });
    const notice = page.data.list.find((n) => n.id === frame.id)!;
    expect(notice).toMatchObject({ kind: "gift_received", title: "선물 도착", read: false });
    expect(notice.body).toBe("김*준님이 3,000원을 선물했습니다.");
    expect(notice.link).toMatch(/^\/info\/receipt\/move\/\d+$/);
    // The sender heard nothing of it; nor does the sender's list show it.
    await new Promise((r) => setTimeout(r, 300));
    expect(other.frames.filter((f) => f.kind === "notice")).toEqual([]);
    expect((await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t1 })).data.list.some((n) => n.id === frame.id)).toBe(false);
    // The message: 알림톡 with the same text, the phone masked, no name but the sender's masked one.
    const log = await s.api(api.outboundMessages, { page: 1, perPage: 10 }, { token: admin });
    const msg = log.data.list[0]!;
    expect(msg).toMatchObject({
      channel: "alimtalk",
      template: "KRW_GIFT_RECEIVED",
      toMasked: "010-****-4444",
      provider: "simulated",
      status: "sent",
    });
    expect(msg.body).toContain("김*준님이 3,000원을 선물했습니다.");
    expect(JSON.stringify(log.data)).not.toContain(M2.phone);
    expect(JSON.stringify(log.data)).not.toContain("김민준");
    sock.ws.close();
    other.ws.close();
  }, 60_000);

  it("marks the member's own notices read; another member's ids are left alone", async () => {
    const mine = (await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t2 })).data.list[0]!;
    const tried = await s.api(api.memberNoticesRead, { ids: [mine.id] }, { token: t1 });
    expect(tried.code).toBe(200);
    expect((await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t2 })).data.list[0]!.read).toBe(false);
    const r = await s.api(api.memberNoticesRead, { ids: [mine.id] }, { token: t2 });
    expect(r.code).toBe(200);
    const after = await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t2 });
    expect(after.data.list[0]!.read).toBe(true);
    expect(after.data.unread).toBe(r.data.unread);
    expect((await s.api(api.memberNoticesRead, { all: true }, { token: t2 })).data.unread).toBe(0);
    expect((await s.api(api.memberNotices, { page: 1 }, {})).status).toBe(401);
  });

  it("stores a notice raised twice with one dedupe key once, and records a failing provider as failed", async () => {
    const first = await notifyMember(s.ctx, { memberId: m1, kind: "refund_paid", body: "환불 1,000원", dedupeKey: "test:once" });
    const again = await notifyMember(s.ctx, { memberId: m1, kind: "refund_paid", body: "환불 1,000원", dedupeKey: "test:once" });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const n = await s.ctx.db
      .selectFrom("member_notices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("dedupe_key", "=", "test:once")
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
    useOutboundProvider(s.ctx, { name: "broken", send: async () => Promise.reject(new Error("gateway down")) });
    const stored = await notifyMember(s.ctx, { memberId: m1, kind: "refund_rejected", body: "환불이 거절되었습니다." });
    expect(stored).not.toBeNull();
    const row = await s.ctx.db.selectFrom("outbound_messages").selectAll().where("notice_id", "=", stored!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: "broken", status: "failed", to_masked: "010-****-2222" });
  });

  it("stores several notices at once, each once, and records a message for each one stored", async () => {
    const count = async (table: "member_notices" | "outbound_messages") =>
      Number(
        (
          await s.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await notifyMember(s.ctx, { memberId: m1, kind: "refund_paid", body: "환불 2,000원", dedupeKey: "test:many:0" });
    const [notices, messages] = [await count("member_notices"), await count("outbound_messages")];
    const stored = await notifyMembers(s.ctx, [
      { memberId: m1, kind: "refund_paid", body: "환불 2,000원", dedupeKey: "test:many:0" },
      { memberId: m1, kind: "refund_paid", body: "환불 3,000원", dedupeKey: "test:many:1" },
      { memberId: m2, kind: "refund_paid", body: "환불 4,000원", dedupeKey: "test:many:2", message: false },
    ]);
    expect(stored.map((n) => n.dedupe_key).sort()).toEqual(["test:many:1", "test:many:2"]);
    expect(await count("member_notices")).toBe(notices + 2);
    expect(await count("outbound_messages")).toBe(messages + 1);
    const msg = await s.ctx.db
      .selectFrom("outbound_messages")
      .selectAll()
      .where("notice_id", "=", stored.find((n) => n.dedupe_key === "test:many:1")!.id)
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ template: "KRW_REFUND_PAID", to_masked: "010-****-2222" });
    expect(msg.body).toContain("환불 3,000원");
  });

  it("tells a member whose purchase was confirmed or cancelled by an operator", async () => {
    const member = (await memberByPhone(s.ctx.db, M2.phone))!;
    const a = await requestBuy(s.ctx, member, 10_000, M2.pw);
    const b = await requestBuy(s.ctx, member, 20_000, M2.pw);
    expect((await s.api(salesApi.saleAccept, { id: a.id }, { token: admin })).code).toBe(200);
    expect((await s.api(salesApi.saleDelete, { id: b.id }, { token: admin })).code).toBe(200);
    const deadline = Date.now() + 10_000;
    let kinds: string[] = [];
    while (Date.now() < deadline) {
      const list = (await s.api(api.memberNotices, { page: 1, perPage: 20 }, { token: t2 })).data.list;
      kinds = list.map((n) => `${n.kind} ${n.link}`);
      if (kinds.some((k) => k.startsWith("purchase_cancelled")) && kinds.some((k) => k.startsWith("purchase_confirmed"))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(kinds).toContain(`purchase_confirmed /info/receipt/buy/${a.id}`);
    expect(kinds).toContain("purchase_cancelled /info/history?tab=1");
    expect(m2).toBe(member.id);
  }, 60_000);

  it("puts an operator's new notice in every member's center, pushed to open sockets, not sent as messages", async () => {
    const sock = await openSocket(s, t1);
    await sock.waitFor((f) => f.kind === "hello");
    const messages = async () =>
      Number(
        (
          await s.ctx.db
            .selectFrom("outbound_messages")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await messages();
    const made = await s.call("POST", "/api/board", {
      token: admin,
      marker: "operation",
      body: { type: "notice", content: { title: "서비스 점검 안내", content: "<p>12월 1일 점검</p>" } },
    });
    expect(made.code).toBe(200);
    await sock.waitFor((f) => f.kind === "notice");
    for (const t of [t1, t2]) {
      const list = (await s.api(api.memberNotices, { page: 1, perPage: 5 }, { token: t })).data.list;
      expect(list[0]).toMatchObject({ kind: "announcement", title: "공지", body: "서비스 점검 안내", link: "/cs/notify" });
    }
    expect(await messages()).toBe(before);
    sock.ws.close();
  }, 60_000);

  it("closes a member's socket when the session ends", async () => {
    const t = await s.loginUser(M1.phone, M1.pw);
    const sock = await openSocket(s, t);
    await sock.waitFor((f) => f.kind === "hello");
    const closed = new Promise<number>((resolve) => sock.ws.once("close", (code) => resolve(code)));
    await s.ctx.sessions.endSessions(`m:${m1}`);
    expect(await closed).toBe(4401);
  });
});
