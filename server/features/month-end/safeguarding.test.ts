import WebSocket from "ws";
import ExcelJS from "exceljs";
import { WITH_REASON } from "../../test/download-reason";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { monthEndApi as api } from "../../../domain/api/month-end";
import { Msg } from "../../../domain/messages";
import { formatDate, formatWon } from "../../../domain/format";
import { OperatorPermission } from "../../../domain/constants";
import { holderClasses, reservesOf, stateAt } from "../../money/as-of";
import { checkDayEnds } from "./safeguarding.service";

const seoulToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

describe("safeguarded customer money (선불충전금 별도관리): maker–checker entries, the daily table, a shortfall in red, notified", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let outstanding: bigint;

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
    await s.waitIndexed();
    const head = (await s.ctx.view.indexedHead())!.number;
    outstanding = reservesOf(await stateAt({ db: s.ctx.db, view: s.ctx.view }, head), await holderClasses(s.ctx.db)).member;
    expect(outstanding).toBeGreaterThan(0n);
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** An operator socket and the notifications it hears (not the hello and moved events). */
  const listen = (token: string) => {
    const got: { kind: string; message?: string }[] = [];
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${token}`);
    ws.on("message", (m) => {
      const n = JSON.parse(String(m));
      if (n.kind !== "hello" && n.kind !== "moved") got.push(n);
    });
    return { ws, got, open: new Promise((r, j) => (ws.on("open", r), ws.on("error", j))) };
  };
  const checkDeps = () => ({ db: s.ctx.db, view: s.ctx.view, provider: s.ctx.chain.provider, notifier: s.ctx.notifier });

  it("a short day is flagged with the Korean reason and super admins are told at once; a covered day is not", async () => {
    const day = seoulToday();
    // A super admin's socket and a staff one without the area.
    const staffId = await insertOperator(s.ctx, "wallet01", OperatorPermission.SUB, { isWallet1: true });
    const staff = await s.loginOperator("wallet01", "operator1234");
    const sockets = [admin, staff].map(listen);
    await Promise.all(sockets.map((x) => x.open));

    const short = outstanding - 1n;
    const rec = await s.api(
      api.safeguardRecord,
      { day, amount: Number(short), method: "trust", institution: "KB국민은행 신탁", statement_ref: "ST-0001" },
      { token: staff },
    );
    expect([rec.code, rec.message]).toEqual([200, Msg.safeguardRecorded]);
    // Recorded, not yet counted; the maker cannot approve their own entry.
    const own = await s.api(api.safeguardApprove, { id: rec.data.id }, { token: staff });
    expect(own.code).toBe(403);
    const self = await s.call("POST", `/api/safeguarding/${rec.data.id}/approve`, { token: admin, marker: "operation" });
    expect(self.code).toBe(200);
    expect(self.data.day).toMatchObject({ day, short: true, outstanding: outstanding.toString(), safeguarded: short.toString() });
    const reason = Msg.safeguardShortfall(day, formatWon(outstanding), formatWon(short));
    expect(self.data.day.reason).toBe(reason);
    await expect.poll(() => sockets[0].got.length, { timeout: 5000 }).toBe(1);
    expect(JSON.stringify(sockets[0].got[0])).toContain("선불충전금 보전 부족");
    expect(sockets[1].got).toEqual([]);
    const again = await s.api(api.safeguardApprove, { id: rec.data.id }, { token: admin2 });
    expect(again.code).toBe(409);

    // The daily table shows it short, then covered once a statement line adds the missing won.
    const list = await s.api(api.safeguardList, { from: day, to: day }, { token: admin });
    expect(list.data.days).toEqual([expect.objectContaining({ day, short: true, reason })]);
    const imp = await s.api(
      api.safeguardImport,
      { csv: `date,balance,institution,reference\n${day},1,우리은행,ST-0002\n` },
      { token: staff },
    );
    expect(imp.data.list).toHaveLength(1);
    const ok = await s.api(api.safeguardApprove, { id: imp.data.list[0].id }, { token: admin2 });
    expect(ok.data.day).toMatchObject({ short: false, reason: null, safeguarded: outstanding.toString() });
    expect(sockets[0].got).toHaveLength(1);

    const bad = await s.api(api.safeguardImport, { csv: "2026-13-01,abc,x,y\n" }, { token: staff });
    expect([bad.code, bad.message]).toEqual([400, Msg.statementLineInvalid(1)]);

    const file = await fetch(`${s.url}/api/safeguarding/download`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "cookie-type": "operation", "content-type": "application/json", ...WITH_REASON },
      body: JSON.stringify({ from: day, to: day }),
    });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const row = wb.worksheets[0].getRow(2).values as unknown[];
    expect(row.slice(1, 7)).toEqual([day, list.data.days[0].block, Number(outstanding), Number(outstanding), 0, "충족"]);
    for (const x of sockets) x.ws.close();
    expect(staffId).toBeGreaterThan(0);
  });

  it("a day approved as covered that ends short (customers' money grew after, no new entry): told once, after the day's end", async () => {
    const day = seoulToday();
    const { ws, got, open } = listen(admin);
    await open;
    const deps = checkDeps();
    // Covered as approved (the test above); then a member is paid 5,000 from the treasury the same day.
    const table = async () => (await s.api(api.safeguardList, { from: day, to: day }, { token: admin })).data.days[0];
    expect((await table()).short).toBe(false);
    const member = await s.ctx.db.selectFrom("members").select("id").orderBy("id").executeTakeFirstOrThrow();
    const to = (await s.ctx.custody.memberWallet(member.id))!.address;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const paid = await s.ctx.outbox.send({ kind: "seed", from: treasury, to, value: 5_000 });
    s.ctx.relayer.kick();
    const row = await s.ctx.relayer.waitFor(paid.id, 30_000);
    expect(row.status).toBe("confirmed");
    await s.waitIndexed(row.block_number!);
    expect(await table()).toMatchObject({ short: true, outstanding: (outstanding + 5_000n).toString() });

    // The day is not over yet: nothing is told.
    expect(await checkDayEnds(deps, new Date())).toEqual([]);
    // After its end: told once, whichever run (or process) looks.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const told = await checkDayEnds(deps, tomorrow);
    expect(told.map((p) => [p.day, p.outstanding, p.safeguarded])).toEqual([[day, outstanding + 5_000n, outstanding]]);
    expect(await checkDayEnds(deps, tomorrow)).toEqual([]);
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0].message).toBe(Msg.safeguardShortfall(day, formatWon(outstanding + 5_000n), formatWon(outstanding)));
    ws.close();
  });

  it("a closed day with no entry at all while customers held money: told once, short by the whole of it", async () => {
    const { ws, got, open } = listen(admin);
    await open;
    const deps = checkDeps();
    await s.waitIndexed();
    const head = (await s.ctx.view.indexedHead())!.number;
    const held = reservesOf(await stateAt({ db: s.ctx.db, view: s.ctx.view }, head), await holderClasses(s.ctx.db)).member;
    // Two days on: today was told above (its entries), tomorrow has none while customers hold `held`.
    const tomorrow = formatDate(Date.now() + 86_400_000);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const told = await checkDayEnds(deps, later);
    expect(told.map((p) => [p.day, p.outstanding, p.safeguarded, p.entries.length])).toEqual([[tomorrow, held, 0n, 0]]);
    expect(await checkDayEnds(deps, later)).toEqual([]);
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0].message).toBe(Msg.safeguardShortfall(tomorrow, formatWon(held), formatWon(0n)));
    ws.close();
  });
});
