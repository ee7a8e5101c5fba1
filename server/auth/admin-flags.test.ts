import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type express from "express";
import { startTestStack, type TestStack } from "../test/harness";
import { insertOperator, deleteOperator } from "../test/operators";
import { ADMIN_GATE } from "./admin-flags";
import { operatorAccessEnded } from "./operator-events";
import { AREAS, allows } from "../../domain/admin-access";
import { OPERATOR_ENDPOINTS } from "../../domain/api";
import { ADMIN_FLAGS, OperatorPermission, type OperatorFlags } from "../../domain/constants";

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: Layer[] };
}

/** Every "METHOD /path" the app mounts behind the operator gate, found by walking Express' router. */
function gatedRoutes(app: express.Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const gated = layer.route.stack.some((h) => typeof h.handle === "function" && ADMIN_GATE in (h.handle as object));
        if (gated) for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out.sort();
}

const passes = (status: number) => status !== 401 && status !== 403;

describe("operator permission matrix", () => {
  let s: TestStack;
  let memberToken: string;
  /** Caller name → how to get a fresh operation token, and the operator it stands for. */
  const callers: { name: string; permission: number; flags: OperatorFlags; id: number }[] = [];

  beforeAll(async () => {
    s = await startTestStack();
    memberToken = await s.loginUser("01011112222", "111111");
    for (const f of ADMIN_FLAGS) {
      const flags = { [f]: true };
      callers.push({
        name: `sub:${f}`,
        permission: OperatorPermission.SUB,
        flags,
        id: await insertOperator(s.ctx, `sub${f}`, OperatorPermission.SUB, flags),
      });
    }
    const shopFlags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
    callers.push({
      name: "shop (permission 3, every flag)",
      permission: OperatorPermission.EXCHANGER,
      flags: shopFlags,
      id: await insertOperator(s.ctx, "shopall", OperatorPermission.EXCHANGER, shopFlags),
    });
    callers.push({
      name: "super",
      permission: OperatorPermission.SUPER,
      flags: {},
      id: await insertOperator(s.ctx, "super0", OperatorPermission.SUPER, {}),
    });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const token = async (id: number) => (await s.ctx.sessions.issue("operation", `a:${id}`)).accessToken;
  const hit = (route: string, tok: string | undefined, marker: "operation" | "web" | null = "operation") => {
    const [method, path] = route.split(" ");
    return s.call(method, path.replace(/:\w+/g, "999999999"), {
      token: tok,
      marker,
      body: method === "GET" || method === "DELETE" ? undefined : {},
    });
  };

  it("lists exactly the routes the app puts behind the gate", () => {
    const app = s.server.listeners("request")[0] as express.Express;
    expect(gatedRoutes(app)).toEqual(Object.keys(OPERATOR_ENDPOINTS).sort());
  });

  it("answers every operator route as its area's rule says, for every kind of caller", async () => {
    const wrong: string[] = [];
    for (const [route, area] of Object.entries(OPERATOR_ENDPOINTS)) {
      if ((await hit(route, undefined)).status !== 401) wrong.push(`${route} without token`);
      if ((await hit(route, memberToken)).status !== 401) wrong.push(`${route} member token`);
      if ((await hit(route, memberToken, "web")).status !== 401) wrong.push(`${route} member token, web marker`);
      for (const c of callers) {
        const r = await hit(route, await token(c.id));
        const expected = allows(AREAS[area], c);
        if (passes(r.status) !== expected || (!expected && r.status !== 403))
          wrong.push(`${route} as ${c.name}: ${r.status}, expected ${expected ? "pass" : 403}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it("gives each single flag exactly its areas, permission 0 all but the shop pages, permission 3 only the shop pages", () => {
    const sub = (f: string) =>
      Object.entries(AREAS)
        .filter(([, r]) => allows(r, { permission: 1, flags: { [f]: true } }))
        .map(([a]) => a);
    // Every staff member sees the proposals (dual control); only isApprove1 decides them.
    expect(sub("isAccount2")).toEqual(["session", "memberState", "dashboard", "walletBlock", "notify", "proposals"]);
    expect(sub("isApprove1")).toEqual(["session", "dashboard", "notify", "proposals", "proposalApprove"]);
    // Members' matters: the outbound message log and the validity report (issue 36) go with the member list.
    expect(sub("isAccount1")).toEqual([
      "session",
      "home",
      "members",
      "dashboard",
      "notify",
      "proposals",
      "outboundMessages",
      "validityReport",
    ]);
    expect(ADMIN_FLAGS.filter((f) => sub(f).includes("proposalApprove"))).toEqual(["isApprove1"]);
    // Refunds (/admin/refund): only isRefund1 lists, pays and rejects them.
    expect(sub("isRefund1")).toEqual(["session", "dashboard", "notify", "proposals", "refund"]);
    expect(ADMIN_FLAGS.filter((f) => sub(f).includes("refund"))).toEqual(["isRefund1"]);
    expect(allows(AREAS.proposalApprove, { permission: 0, flags: {} })).toBe(true);
    expect(allows(AREAS.proposalControl, { permission: 1, flags: Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true])) })).toBe(false);
    // The month-end (cut-offs, packs) and approving safeguarded amounts are super admins'; recording them is isWallet1's.
    expect(sub("isWallet1")).toEqual(["session", "dashboard", "notify", "walletBank", "proposals", "safeguarding"]);
    for (const area of ["monthEnd", "safeguardingAlert"] as const)
      expect(allows(AREAS[area], { permission: 1, flags: Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true])) })).toBe(false);
    const superAreas = Object.entries(AREAS)
      .filter(([, r]) => !allows(r, { permission: 0, flags: {} }))
      .map(([a]) => a);
    expect(superAreas).toEqual(["settlementRequest", "settlementWallet", "merchantOwn"]);
    const all = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
    const shop = Object.entries(AREAS)
      .filter(([, r]) => allows(r, { permission: 3, flags: all }))
      .map(([a]) => a);
    expect(shop).toEqual(["session", "settlementRequest", "settlementWallet", "merchantOwn"]);
    // Merchants (issue 52): only isMerchant1 makes and suspends them.
    expect(ADMIN_FLAGS.filter((f) => sub(f).includes("merchants"))).toEqual(["isMerchant1"]);
  });

  it("stops a deleted operator's token at once", async () => {
    const id = await insertOperator(s.ctx, "gone01", OperatorPermission.SUB, { isAccount1: true });
    const tok = await token(id);
    expect((await hit("GET /api/operation/maindata", tok)).status).toBe(200);
    await deleteOperator(s.ctx, id);
    expect((await hit("GET /api/operation/maindata", tok)).status).toBe(401);
  });

  it("pushes a notification only to operators whose rights cover its area, and cuts off a deleted one", async () => {
    const wsUrl = `${s.url.replace("http", "ws")}/ws?token=`;
    const open = async (id: number) => {
      const got: string[] = [];
      const ws = new WebSocket(wsUrl + (await token(id)));
      ws.on("message", (m) => {
        const kind = JSON.parse(String(m)).kind as string;
        // (hello on open; moved when token moves are confirmed, to every operator)
        if (kind !== "hello" && kind !== "moved") got.push(kind);
      });
      const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
      await new Promise((r, j) => (ws.on("open", r), ws.on("error", j)));
      return { ws, got, closed };
    };
    const byName = (n: string) => callers.find((c) => c.name === n)!.id;
    const superWs = await open(byName("super"));
    const sale = await open(byName("sub:isSale1"));
    const inquiry = await open(byName("sub:isBoard1"));
    const shop = await open(byName("shop (permission 3, every flag)"));
    const doomedId = await insertOperator(s.ctx, "doomed1", OperatorPermission.SUB, { isSale1: true });
    const doomed = await open(doomedId);
    await deleteOperator(s.ctx, doomedId);

    await s.ctx.notifier.notify("입금", "입금 요청");
    await s.ctx.notifier.notify("문의", "문의 등록");
    await s.ctx.notifier.notify("정산", "정산 요청");
    // Each socket's push is decided on its own (the operator's rights are read per socket): wait for each.
    await expect.poll(() => superWs.got.length, { timeout: 5000 }).toBe(3);
    await expect.poll(() => sale.got.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => inquiry.got.length, { timeout: 5000 }).toBe(1);
    expect([...superWs.got].sort()).toEqual(["입금", "문의", "정산"].sort());
    expect(sale.got).toEqual(["입금"]);
    expect(inquiry.got).toEqual(["문의"]);
    expect(shop.got).toEqual([]);
    expect(await doomed.closed).toBe(4401);
    expect(doomed.got).toEqual([]);

    // Deleting closes the socket at once, without waiting for a push.
    const goneId = await insertOperator(s.ctx, "gone02", OperatorPermission.SUB, { isSale1: true });
    const gone = await open(goneId);
    await deleteOperator(s.ctx, goneId);
    operatorAccessEnded(s.ctx, goneId);
    expect(await gone.closed).toBe(4401);
    expect(sale.ws.readyState).toBe(WebSocket.OPEN);
    for (const c of [superWs, sale, inquiry, shop]) c.ws.close();
  });
});
