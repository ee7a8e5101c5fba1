import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { crashRig } from "../../test/crash-rig";
import { DEMO } from "../../seed";

/**
 * A crash at any step of a refund (issue 36 "Bad input and faults"): the API process is killed (SIGKILL) between
 * the steps and started again on the same DATA_DIR (SQLite) and the same chain (an outside Hardhat node, RPC_URL,
 * so the node outlives the process and holds what was sent). Its mining is paused to hold a step open. After each
 * start the member's money is in the wallet, in the refund escrow or paid (burned), never lost or twice, and the
 * reconciliation is clean at the end.
 */
describe("refunds: the server killed between the steps", () => {
  const rig = crashRig("krw-refund-crash-");
  const [minjun, seoyeon] = DEMO.members;

  async function call(pathname: string, body: unknown, bearer?: string, opts: { marker?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
    if (bearer) Object.assign(headers, { authorization: `Bearer ${bearer}`, "cookie-type": opts.marker ?? "web" });
    const res = await fetch(rig.p.url + pathname, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as { code: number; message?: string; data: any }) };
  }
  const login = async (phone: string, password: string) =>
    (await call("/api/auth/login_user", { username: phone, password })).data.accessToken as string;
  const operatorByLoginId = async () =>
    (await call("/api/auth/login_admin", { username: DEMO.admin.id, password: DEMO.admin.password })).data.accessToken as string;
  const onChain = async (a: string) => Number(await rig.token.balanceOf(a));
  const supply = async () => Number(await rig.token.totalSupply());
  const until = async (what: string, ok: () => Promise<boolean>, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const walletOf = async (phone: string) =>
    (
      await rig.store.db
        .selectFrom("wallets")
        .innerJoin("members", "members.id", "wallets.member_id")
        .select("wallets.address")
        .where("members.phonenumber", "=", phone)
        .executeTakeFirstOrThrow()
    ).address;
  const order = () => rig.store.db.selectFrom("refund_orders").selectAll().orderBy("id", "desc").executeTakeFirst();
  const move = async (id: number) => rig.store.db.selectFrom("outbox_transfers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("killed after the request was accepted, after the escrow, and mid-payout: in the wallet, in escrow or paid, once; reconciled", async () => {
    // 김민준 gives 30,000 of his 50,000 (+ fee): past 60% used, the remaining 19,800 is refundable.
    let member = await login(minjun.phonenumber, minjun.password);
    const wallet = await walletOf(minjun.phonenumber);
    const gift = await call(
      "/api/gift/trade/address",
      { opponentAddress: await walletOf(seoyeon.phonenumber), kind: 0, type: 1, value: 30_000, password: minjun.password },
      member,
    );
    expect(gift.data?.status, gift.message).toBe("confirmed");
    const escrow = (await rig.store.db.selectFrom("wallets").select("address").where("kind", "=", "refund").executeTakeFirstOrThrow())
      .address;
    const left = 50_000 - 30_000 - 200;
    await until("the gift indexed", async () => (await call("/api/refund", undefined, member)).data?.refundable === left);
    expect(await onChain(wallet)).toBe(left);
    const supply0 = await supply();
    const held = async () => ({ wallet: await onChain(wallet), escrow: await onChain(escrow), burned: supply0 - (await supply()) });

    // 1. Killed once the request is accepted (order and move recorded, the move sent) and before the escrow is
    // confirmed; the node then loses the transaction. The money never left the wallet.
    await rig.provider.send("evm_setAutomine", [false]);
    const key = crypto.randomUUID();
    const body = { bank: "국민은행", account: "1234567890", value: left, password: minjun.password };
    const asked = call("/api/refund", body, member, { headers: { "idempotency-key": key } }).catch(() => null);
    let sent = "";
    await until("the escrow move sent", async () => {
      const o = await order();
      sent = o ? ((await move(Number(o.request_transfer_id))).tx_hash ?? "") : "";
      return sent !== "" && (await rig.provider.getTransaction(sent)) !== null;
    });
    const first = (await order())!;
    expect(first.state).toBe("requested");
    await rig.killAndRestart(async () => {
      expect(await asked).toBeNull();
      await rig.provider.send("hardhat_dropTransaction", [sent]);
      await rig.provider.send("evm_setAutomine", [true]);
      expect(await held()).toEqual({ wallet: left, escrow: 0, burned: 0 });
    });
    // The new process finds the move not mined and its authorization unused: it sends it again, once.
    await until("the escrow move confirmed", async () => (await move(Number(first.request_transfer_id))).status === "confirmed");
    expect(await held()).toEqual({ wallet: 0, escrow: left, burned: 0 });
    member = await login(minjun.phonenumber, minjun.password);
    // The member's retry with the same key is answered from that order: nothing moves again.
    const retry = await call("/api/refund", body, member, { headers: { "idempotency-key": key } });
    expect([retry.code, retry.data?.orderNo]).toEqual([200, first.order_no]);
    expect((await rig.store.db.selectFrom("refund_orders").select("id").where("member_id", "=", first.member_id).execute()).length).toBe(1);

    // 2. Killed with the money in the escrow, before any payout: still there, still 환불 대기.
    await rig.killAndRestart();
    expect(await held()).toEqual({ wallet: 0, escrow: left, burned: 0 });
    expect((await order())!.state).toBe("requested");

    // 3. Killed mid-payout: the burn recorded and sent (order 지급 중), not mined; it is mined while no process runs.
    let admin = await operatorByLoginId();
    await rig.provider.send("evm_setAutomine", [false]);
    const paying = call(`/api/refund/management/${first.order_no}/pay`, { bankRef: "KB-CRASH-1" }, admin, { marker: "operation" }).catch(
      () => null,
    );
    let burnHash = "";
    await until("the burn sent", async () => {
      const o = await order();
      if (o?.state !== "paying" || o.burn_call_id === null) return false;
      const c = await rig.store.db.selectFrom("chain_calls").selectAll().where("id", "=", Number(o.burn_call_id)).executeTakeFirstOrThrow();
      burnHash = c.tx_hash ?? "";
      return burnHash !== "" && (await rig.provider.getTransaction(burnHash)) !== null;
    });
    await rig.killAndRestart(async () => {
      expect(await paying).toBeNull();
      expect(await held()).toEqual({ wallet: 0, escrow: left, burned: 0 });
      await rig.provider.send("evm_mine", []);
      await rig.provider.send("evm_setAutomine", [true]);
      expect(await held()).toEqual({ wallet: 0, escrow: 0, burned: left });
    });
    // The new process reads the burn's receipt (the refunds job runs at its start): 지급 완료, burned once.
    await until("the order paid", async () => (await order())!.state === "paid");
    expect(await held()).toEqual({ wallet: 0, escrow: 0, burned: left });
    admin = await operatorByLoginId();
    const again = await call(`/api/refund/management/${first.order_no}/pay`, { bankRef: "KB-CRASH-2" }, admin, { marker: "operation" });
    expect(again.status).toBe(409);
    const burns = await rig.store.db.selectFrom("chain_calls").selectAll().where("method", "=", "burn").execute();
    expect(burns.filter((b) => JSON.parse(b.args)[0] === escrow).map((b) => b.status)).toEqual(["confirmed"]);
    expect((await order())!.bank_ref).toBe("KB-CRASH-1");

    // The books agree with the chain: supply, every balance, the escrow and the payouts.
    const unexplained = async () =>
      ((await call("/api/dashboard/reconcile", undefined, admin, { marker: "operation" })).data.lines as { ok: boolean }[]).filter(
        (l) => !l.ok,
      );
    await until("the reconciliation clean", async () => (await unexplained()).length === 0).catch(() => undefined);
    expect(await unexplained()).toEqual([]);
  }, 300_000);
});
