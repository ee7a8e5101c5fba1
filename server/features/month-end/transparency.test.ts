import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { monthEndDeps } from "./month-end.routes";
import { makeCutoff, publishRoot } from "./cutoff.service";
import { decideSafeguard, recordSafeguard } from "./safeguarding.service";
import { coveragePercent, transparencyOf } from "./transparency.service";
import { watch } from "./thresholds.service";
import { reconcile } from "../dashboard/reconcile";
import { DEMO } from "../../seed";
import { FINAL_DEPTH } from "../../money/as-of";
import { monthEndApi } from "../../../domain/api/month-end";
import { formatDate } from "../../../domain/format";
import { ADMIN_FLAGS, OperatorPermission } from "../../../domain/constants";
import { WITH_REASON } from "../../test/download-reason";
import { verifyPack } from "./verify";
import { readZip } from "./zip-read";
import { zipOf } from "./pack";

describe("the public transparency page's figures (GET /api/transparency)", () => {
  let s: TestStack;
  let cutId = 0;
  const get = () => s.api(monthEndApi.transparency);

  beforeAll(async () => {
    s = await startTestStack({ demoShop: false });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("states circulation and customer balances as the chain has them at its named block, with nothing personal", async () => {
    // Blocks enough for a final block past the seed's moves (each transaction of the embedded node is a block).
    for (let i = 0; i < FINAL_DEPTH + 2; i++) await s.ctx.chain.sender.send({ to: s.ctx.chain.sender.address, value: 0n });
    await s.waitIndexed();
    await transparencyOf(s.ctx)!.refresh();
    const r = await get();
    expect([r.status, r.data.stale]).toEqual([200, false]);
    const t = r.data;
    const head = (await s.ctx.view.indexedHead())!.number;
    expect(t.block.number).toBe(head - FINAL_DEPTH);
    expect(t.circulation).toBe(String(await s.ctx.chain.token.totalSupply({ blockTag: t.block.number })));
    expect(t.block.hash).toBe((await s.ctx.chain.provider.getBlock(t.block.number))!.hash);
    let customers = 0n;
    for (const m of DEMO.members) {
      const w = (
        await s.ctx.db
          .selectFrom("wallets")
          .innerJoin("members", "members.id", "wallets.member_id")
          .select("address")
          .where("phonenumber", "=", m.phonenumber)
          .executeTakeFirstOrThrow()
      ).address;
      customers += BigInt(await s.ctx.chain.token.balanceOf(w, { blockTag: t.block.number }));
    }
    expect(t.customerBalances).toBe(customers.toString());
    expect(t.token.address).toBe(s.ctx.chain.deployment.token);
    // Minted by the seed within the last 7 days; nothing burned yet.
    expect(BigInt(t.flows[0].issued)).toBeGreaterThan(0n);
    expect(t.flows.map((f) => f.days)).toEqual([7, 30, 365]);
    // No member is named: no phone, name or member wallet in the answer.
    const text = JSON.stringify(t);
    for (const m of DEMO.members) {
      expect(text).not.toContain(m.phonenumber);
      expect(text).not.toContain(m.username);
    }
    // A reader with the figures it has gets a 304.
    const again = await s.call("GET", "/api/transparency", { headers: { "if-none-match": r.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("shows the safeguarded money with its coverage, the month-end roots and the last reconciliation", async () => {
    const op = await insertOperator(s.ctx, "checker1", OperatorPermission.SUPER, {});
    const maker = await s.ctx.db.selectFrom("admins").select(["id", "login_id"]).where("login_id", "=", "admin").executeTakeFirstOrThrow();
    const today = formatDate(new Date());
    const entry = await recordSafeguard(
      s.ctx.db,
      { id: Number(maker.id), login_id: maker.login_id },
      { day: today, amount: "80000", method: "trust", institution: "국민은행 신탁", statement_ref: "잔액증명 2026-11" },
    );
    await decideSafeguard({ ...monthEndDeps(s.ctx), notifier: s.ctx.notifier }, { id: op, login_id: "checker1" }, Number(entry.id), true);
    const cut = await makeCutoff(monthEndDeps(s.ctx), String((await s.ctx.view.indexedHead())!.number - FINAL_DEPTH), "admin");
    const hash = await publishRoot(monthEndDeps(s.ctx), s.ctx.chain.sender, Number(cut.id));
    cutId = Number(cut.id);
    const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
    await transparencyOf(s.ctx)!.refresh();
    const t = (await get()).data;

    expect(t.safeguarded).toMatchObject({
      day: today,
      amount: "80000",
      institutions: ["국민은행 신탁"],
      statementRefs: ["잔액증명 2026-11"],
    });
    expect(t.safeguarded!.coveragePercent).toBe(coveragePercent(80_000n, BigInt(t.safeguarded!.outstandingAtDayEnd)));
    const c = t.cutoffs.find((x) => x.block === Number(cut.block_number))!;
    expect([c.merkleRoot, c.rootTxHash]).toEqual([cut.merkle_root, hash]);
    expect(t.reconciliation).toMatchObject({ ok: report.ok, checkedAt: report.checkedAt, checks: report.lines.length });
  });

  it("makes the trustee's refund file for super admins with a reason, logged; verify-pack passes it and fails one changed byte", async () => {
    const admin = await s.loginOperator("admin", "admin1234");
    const path = `/api/month-end/cutoffs/${cutId}/trustee-file`;
    const fetchFile = (token: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, "cookie-type": "operation", ...headers } });
    expect((await fetchFile(admin)).status).toBe(400);
    await insertOperator(s.ctx, "allflags", OperatorPermission.SUB, Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true])));
    expect((await fetchFile(await s.loginOperator("allflags", "operator1234"), WITH_REASON)).status).toBe(403);
    const res = await fetchFile(admin, WITH_REASON);
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    const members = readZip(zip).get("members.csv")!.toString("utf8");
    const minjun = DEMO.members[0];
    expect(members).toContain(minjun.phonenumber);
    expect(members).toContain(minjun.username);
    const rpcUrl = `http://127.0.0.1:${s.ctx.config.chainPort}`;
    const verdict = await verifyPack(zip, { rpcUrl });
    expect(verdict.lines.filter((l) => !l.ok)).toEqual([]);
    expect(verdict.lines.some((l) => /balanceOf/.test(l.text))).toBe(true);
    const logged = await s.ctx.db.selectFrom("access_log").selectAll().where("screen", "=", "관리기관 지급 자료").execute();
    expect(logged.map((l) => [l.action, l.reason, l.row_count])).toEqual([["download", "inquiry", members.trim().split("\n").length - 1]]);
    // One changed byte of a member's balance: the file no longer verifies.
    const entries = readZip(zip);
    const tampered = await zipOf(
      [...entries].map(([name, body]) => ({
        name,
        body:
          name === "members.csv"
            ? Buffer.from(body.toString("utf8").replace(/,(\d)(\d*),/, (_m, a, b) => `,${(Number(a) + 1) % 10}${b},`))
            : body,
      })),
    );
    expect((await verifyPack(tampered, { rpcUrl })).ok).toBe(false);
  });

  it("keeps answering from its last good figures, marked stale with their time, while the chain node is down", async () => {
    const good = (await get()).data;
    const node = s.ctx.chain.node!;
    process.kill(node.pid!, "SIGSTOP");
    try {
      await transparencyOf(s.ctx)!.refresh();
      const t = (await get()).data;
      expect(t.stale).toBe(true);
      expect({ ...t, stale: false }).toEqual(good);
    } finally {
      process.kill(node.pid!, "SIGCONT");
    }
    // The node answers again (after the requests it held): fresh figures at the next computation that gets through.
    for (let i = 0; i < 10 && (await get()).data.stale; i++) await transparencyOf(s.ctx)!.refresh();
    expect((await get()).data.stale).toBe(false);
  });

  it("watches the registration thresholds: told once at 80 % and once at 100 %, shown on the dashboard's call", async () => {
    const t0 = (await get()).data;
    const customers = BigInt(t0.customerBalances);
    const yearly = BigInt(t0.registration.yearlyIssuance);
    // Set low, as a rehearsal would: outstanding at about 90 % of its threshold, the year's issuance past its own.
    s.ctx.config.thresholds = { outstanding: (customers * 10n) / 9n + 1n, yearlyIssuance: yearly - 1n };
    await transparencyOf(s.ctx)!.refresh();
    const t = (await get()).data;
    const op = await s.loginOperator("admin", "admin1234");
    const card = (await s.api(monthEndApi.thresholds, undefined, { token: op })).data;
    expect(card.lines.map((l) => [l.which, l.level])).toEqual([
      ["outstanding", 80],
      ["yearlyIssuance", 100],
    ]);
    const told = async () =>
      (await s.ctx.db.selectFrom("notifications").select(["message"]).where("category", "=", "한도").execute()).map((n) => n.message);
    await watch(s.ctx, t);
    await watch(s.ctx, t);
    const messages = await told();
    expect(messages).toHaveLength(3);
    expect(messages.filter((m) => m.startsWith("발행잔액이 등록 기준의 80%"))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith("최근 1년 발행액이"))).toHaveLength(2);
  });

  it("computes coverage exactly, in whole basis points", () => {
    expect(coveragePercent(100n, 100n)).toBe("100.00");
    expect(coveragePercent(2n, 3n)).toBe("66.66");
    expect(coveragePercent(5n, 0n)).toBeNull();
  });
});
