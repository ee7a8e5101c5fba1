import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { acceptBuy, requestBuy } from "./purchases.service";
import { buyOrder } from "./purchases.repo";
import { parseStatement } from "./statement-parse";
import { salesApi } from "../../../domain/api/purchases";
import type { SimulatedBank } from "../../providers/bank/simulated";
import { Msg } from "../../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

/** A statement as a Korean bank exports it: a title row, the header, transactions newest first. */
const csv = (lines: string[][]) =>
  [["입출금 거래내역 조회"], ["거래일시", "적요", "입금액", "출금액", "잔액", "입금자명"], ...lines].map((r) => r.join(",")).join("\r\n");

describe("bank statements: read as banks export them, matched without confirming anything twice", () => {
  it("reads CP949 CSV and xlsx alike: deposits and the closing balance", async () => {
    const text = csv([
      ["2026.11.28 15:10:00", "이체", "0", '"3,000"', '"97,000"', "수수료"],
      ["2026.11.28 14:03:22", "타행이체", '"12,000"', "0", '"100,000"', "김민준"],
    ]);
    const fromCsv = await parseStatement(iconv.encode(text, "cp949"));
    expect(fromCsv.deposits).toEqual([
      { at: "2026-11-28T05:03:22.000Z", amount: 12_000, depositor: "김민준", memo: "타행이체", balance: 100_000 },
    ]);
    expect(fromCsv.closing).toEqual({ balance: 97_000, day: "2026-11-28" });

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("거래내역");
    sheet.addRow(["거래일시", "적요", "입금액", "출금액", "잔액", "입금자명"]);
    sheet.addRow(["2026-11-28 23:59:00", "입금", 5000, 0, 105000, "이서연"]);
    const fromXlsx = await parseStatement(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(fromXlsx.deposits.map((d) => [d.amount, d.depositor])).toEqual([[5_000, "이서연"]]);
    expect(fromXlsx.closing).toEqual({ balance: 105_000, day: "2026-11-28" });
  });

  describe("against a stack", () => {
    let s: TestStack;
    let admin: string;
    beforeAll(async () => {
      s = await startTestStack();
      admin = await s.loginOperator("admin", "admin1234");
    }, 120_000);
    afterAll(async () => {
      await s?.stop();
    });

    it("confirms the one waiting order a line pays, recognises a hand-approved one, queues the rest; twice changes nothing", async () => {
      const m1 = (await memberByPhone(s.ctx.db, M1.phone))!;
      const m2 = (await memberByPhone(s.ctx.db, M2.phone))!;
      const waiting = await requestBuy(s.ctx, m1, 6_100, M1.pw, new Date(Date.now() - 3600_000));
      const byHand = await requestBuy(s.ctx, m2, 6_200, M2.pw, new Date(Date.now() - 3600_000));
      await acceptBuy(s.ctx, byHand.id);
      const at = (min: number) => new Date(Date.now() - min * 60_000 + 9 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
      const file = csv([
        [at(1), "입금", "6100", "0", "200000", m1.username],
        [at(2), "입금", "6200", "0", "193900", m2.username],
        [at(3), "입금", "777", "0", "187700", "모르는사람"],
      ]);
      const upload = () =>
        s.api(
          salesApi.saleStatementUpload,
          { fileName: "거래내역.csv", content: Buffer.from(file).toString("base64"), reason: "일일 대조" },
          { token: admin, marker: "operation" },
        );
      const first = await upload();
      expect(first.data).toEqual({
        deposits: 3,
        confirmed: 1,
        known: 1,
        queued: 1,
        closing: { balance: 200_000, day: expect.any(String) },
      });
      const o = (await buyOrder(s.ctx.db, waiting.id))!;
      expect([o.state, o.confirmed_by]).toEqual(["confirmed", "auto"]);
      expect((await buyOrder(s.ctx.db, byHand.id))!.confirmed_by).toBe("manual");
      const outbox = Number(
        (
          await s.ctx.db
            .selectFrom("outbox_transfers")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

      const again = await upload();
      expect(again.data).toMatchObject({ deposits: 3, confirmed: 0, known: 3, queued: 0 });
      expect(
        Number(
          (
            await s.ctx.db
              .selectFrom("outbox_transfers")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(outbox);

      const bad = await s.api(
        salesApi.saleStatementUpload,
        { fileName: "x.csv", content: Buffer.from("hello,world").toString("base64"), reason: "일일 대조" },
        { token: admin, marker: "operation" },
      );
      expect([bad.status, bad.message]).toEqual([400, Msg.statementUnreadable]);
    });

    it("records and queues a deposit the treasury cannot issue (its balance short), answering the bank 200: no money lost", async () => {
      const m1 = (await memberByPhone(s.ctx.db, M1.phone))!;
      const order = await requestBuy(s.ctx, m1, 5_000, M1.pw, new Date(), "virtual");
      // The treasury's whole balance moved out: nothing is left to issue from.
      const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
      const fee = (await s.ctx.custody.byKind("fee"))!.address;
      const moved = await s.ctx.db
        .transaction()
        .execute(async (trx) =>
          s.ctx.outbox.enqueue(trx, { kind: "admin", from: treasury, to: fee, value: await s.ctx.outbox.spendable(treasury, trx) }),
        );
      s.ctx.relayer.kick();
      expect((await s.ctx.relayer.waitFor(moved.id, 30_000)).status).toBe("confirmed");
      const bank = s.ctx.bank as SimulatedBank;
      await bank.deposit({ accountNumber: order.bank_account!, amount: 5_000, depositorName: m1.username });
      await bank.idle();
      expect(bank.delivered.at(-1)!.status).toBe(200);
      expect((await buyOrder(s.ctx.db, order.id))!.state).toBe("pending");
      const d = await s.ctx.db.selectFrom("bank_deposits").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
      expect([d.state, d.reason, Number(d.amount)]).toEqual(["review", "treasury", 5_000]);
    });
  });
});
