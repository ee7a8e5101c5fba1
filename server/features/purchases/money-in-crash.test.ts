import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { crashRig, until } from "../../test/crash-rig";
import { signBody, SIGNATURE_HEADER } from "../../providers/bank/signature";
import { DEMO } from "../../seed";

/**
 * The server killed (SIGKILL) after the bank's deposit notice was recorded and before the issuance it ordered was
 * mined (issue 51 "Bad input and faults"): the next process, on the same store and chain, completes the issuance once;
 * the bank sending the notice again (it retries what it thinks unanswered) changes nothing; the books reconcile.
 */
describe("money in: the server killed between the bank's notice and the issuance", () => {
  const secret = crypto.randomBytes(32).toString("hex");
  const rig = crashRig("krw-money-in-crash-", { BANK_CALLBACK_SECRET: secret });
  const [minjun] = DEMO.members;

  async function call(pathname: string, body: unknown, bearer?: string, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { "content-type": "application/json", ...headers };
    if (bearer) Object.assign(h, { authorization: `Bearer ${bearer}`, "cookie-type": "web" });
    const res = await fetch(rig.p.url + pathname, {
      method: body === undefined ? "GET" : "POST",
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as { code: number; message?: string; data: any; outcome?: string }) };
  }
  /** The test is the bank: its notice, signed with the shared callback secret. */
  const notify = (body: string) =>
    fetch(`${rig.p.url}/api/bank/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(Buffer.from(secret, "utf8"), body) },
      body,
    });

  it("completes the issuance exactly once on restart; the notice sent again changes nothing; reconciled", async () => {
    const member = (await call("/api/auth/login_user", { username: minjun.phonenumber, password: minjun.password })).data
      .accessToken as string;
    const order = (await call("/api/buy/charge", { value: 9_900, password: minjun.password, method: "virtual" }, member)).data;
    expect(order.method).toBe("virtual");
    const wallet = await rig.walletOf(minjun.phonenumber);
    const before = Number(await rig.token.balanceOf(wallet));
    const body = JSON.stringify({
      eventId: `evt_${crypto.randomUUID()}`,
      type: "deposit",
      occurredAt: new Date().toISOString(),
      data: { accountNumber: order.bankInfo.bankAccount, amount: 9_900, depositorName: "김민준" },
    });

    // The notice is recorded (the order confirmed, its move in the outbox) and the move sent, but not mined.
    await rig.provider.send("evm_setAutomine", [false]);
    const answered = await notify(body);
    expect(answered.status).toBe(200);
    const row = async () => {
      const o = await rig.store.db.selectFrom("buy_orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
      return {
        o,
        t:
          o.transfer_id === null
            ? null
            : await rig.store.db.selectFrom("outbox_transfers").selectAll().where("id", "=", Number(o.transfer_id)).executeTakeFirst(),
      };
    };
    let sent = "";
    await until("the issuance sent", async () => {
      sent = (await row()).t?.tx_hash ?? "";
      return sent !== "" && (await rig.provider.getTransaction(sent)) !== null;
    });
    await rig.killAndRestart(async () => {
      // The node loses the transaction while no process runs: nothing was issued.
      await rig.provider.send("hardhat_dropTransaction", [sent]);
      await rig.provider.send("evm_setAutomine", [true]);
      expect(Number(await rig.token.balanceOf(wallet))).toBe(before);
    });
    await until("the issuance confirmed", async () => (await row()).t?.status === "confirmed");
    expect(Number(await rig.token.balanceOf(wallet))).toBe(before + 9_900);
    // The bank, never sure its first delivery arrived, sends it again: seen, nothing moves.
    const again = await notify(body);
    expect(((await again.json()) as { outcome: string }).outcome).toBe("duplicate");
    const { o } = await row();
    expect([o.state, o.confirmed_by]).toEqual(["confirmed", "auto"]);
    expect(
      (await rig.store.db.selectFrom("outbox_transfers").select("id").where("kind", "=", "buy").where("to_address", "=", wallet).execute())
        .length,
    ).toBe(1);
    expect(Number(await rig.token.balanceOf(wallet))).toBe(before + 9_900);

    const admin = (await call("/api/auth/login_admin", { username: DEMO.admin.id, password: DEMO.admin.password })).data
      .accessToken as string;
    const unexplained = async () => {
      const res = await fetch(`${rig.p.url}/api/dashboard/reconcile`, {
        headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation" },
      });
      return ((await res.json()) as { data: { lines: { ok: boolean; check: string }[] } }).data.lines.filter((l) => !l.ok);
    };
    await until("the reconciliation clean", async () => (await unexplained()).length === 0).catch(() => undefined);
    expect(await unexplained()).toEqual([]);
  }, 300_000);
});
