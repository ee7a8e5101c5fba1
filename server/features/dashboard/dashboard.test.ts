import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { proposeAndApprove } from "../../test/proposals";
import { WITH_REASON } from "../../test/download-reason";
import { openChainStore } from "../../../indexer/db";
import { reconcile } from "./reconcile";
import { memberByPhone } from "../../records/members.repo";
import { Msg } from "../../../domain/messages";
import { Code } from "../../../domain/codes";
import { DUAL_CONTROL_TRANSFER_THRESHOLD_WON } from "../../../domain/constants";

describe("chain dashboard: transactions, wallet detail, holders, block, RPC proxy, reconciliation", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let minjun: string;
  let seoyeonAddr: string;
  let giftHash: string;
  const op = (method: string, path: string, body?: unknown, token = admin) =>
    s.call(method, path, { token, marker: "operation", body, headers: WITH_REASON });
  const walletOf = async (phone: string) => (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, phone))!.id))!.address;

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
    minjun = await s.loginUser("01011112222", "111111");
    seoyeonAddr = await walletOf("01033334444");
    const g = await s.call("POST", "/api/gift/trade/address", {
      token: minjun,
      body: { opponentAddress: seoyeonAddr, kind: 0, type: 1, value: 1_500, password: "111111" },
    });
    expect(g.code).toBe(200);
    giftHash = g.data.txHash;
    await s.waitIndexed();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("lists transfers by type and finds a gift by the member's phone, with gas fee and names", async () => {
    const all = await op("POST", "/api/dashboard/table", { tablehandler: { page: 1, perPage: 10 } });
    expect(all.code).toBe(200);
    const types = new Set(all.data.list.map((r: { type: string }) => r.type));
    expect(types).toEqual(new Set(["mint", "transfer", "gift", "fee"]));
    const byPhone = await op("POST", "/api/dashboard/list", { filter: "01011112222", filter_type: "phone", type: "gift", perPage: 10 });
    expect(byPhone.data.total).toBe(1);
    expect(byPhone.data.list[0]).toMatchObject({
      hash: giftHash,
      type: "gift",
      value: "1500",
      to: seoyeonAddr,
      fromName: "김민준",
      toName: "이서연",
    });
    const receipt = (await s.ctx.chain.provider.getTransactionReceipt(giftHash))!;
    expect(BigInt(byPhone.data.list[0].gasFee)).toBe(receipt.gasUsed * receipt.gasPrice);
    const fees = await op("POST", "/api/dashboard/list", { type: "fee", perPage: 10 });
    expect(fees.data.list.map((r: { hash: string; value: string }) => [r.hash, r.value])).toEqual([[giftHash, "200"]]);
    const byHash = await op("POST", "/api/dashboard/list", {
      filter: giftHash.toUpperCase().replace("0X", "0x"),
      filter_type: "hash",
      perPage: 10,
    });
    expect(byHash.data.list.map((r: { type: string }) => r.type).sort()).toEqual(["fee", "gift"]);
  });

  it("refuses a range over three months or ending after today, and unknown types", async () => {
    const long = await op("POST", "/api/dashboard/list", { from: "2026-01-01", to: "2026-05-01" });
    expect([long.code, long.message]).toEqual([400, Msg.dateRangeTooLong]);
    const bad = await op("POST", "/api/dashboard/list", { type: "steal" });
    expect(bad.code).toBe(400);
  });

  it("shows a transaction by hash with its business record, and answers bad or unknown hashes in Korean", async () => {
    const tx = await op("GET", `/api/dashboard/transaction/${giftHash}`);
    expect(tx.code).toBe(200);
    expect(tx.data).toMatchObject({ hash: giftHash, status: 1, value: "1500", fee: "200", method: "transferWithAuthorization" });
    expect(tx.data.confirmations).toBeGreaterThanOrEqual(1);
    expect(tx.data.blockHash).toBe((await s.ctx.chain.provider.getBlock(tx.data.blockNumber))!.hash);
    expect(tx.data.records).toEqual([
      expect.objectContaining({ kind: "gift", value: 1_500, fee: 200, fromName: "김민준", toName: "이서연" }),
    ]);
    const bad = await op("GET", "/api/dashboard/transaction/0x1234");
    expect([bad.status, bad.message]).toEqual([400, Msg.txHashInvalid]);
    const unknown = await op("GET", `/api/dashboard/transaction/0x${"ab".repeat(32)}`);
    expect([unknown.status, unknown.message]).toEqual([404, Msg.txNotFound]);
  });

  it("wallet detail: indexed balance beside balanceOf, the member, the history; holders total equals totalSupply", async () => {
    const d = await op("GET", `/api/dashboard/detail/${seoyeonAddr}`);
    expect(d.data).toMatchObject({ address: seoyeonAddr, blocked: false, owner: { username: "이서연", phonenumber: "01033334444" } });
    expect(d.data.indexedBalance).toBe(d.data.chainBalance);
    const h = await op("POST", "/api/dashboard/detail_table", { address: seoyeonAddr, tablehandler: { page: 1, perPage: 10 } });
    expect(h.data.list[0]).toMatchObject({ hash: giftHash, type: "gift" });
    const holders = await op("GET", "/api/dashboard/holder?page=1&perPage=10");
    expect(holders.data.total_balance).toBe(holders.data.chain_total_supply);
    expect(holders.data.holder_list[0]).toMatchObject({ rank: 1, name: "treasury" });
    const bad = await op("GET", "/api/dashboard/detail/0xnothex");
    expect([bad.status, bad.message]).toEqual([400, Msg.addressInvalid]);
  });

  it("downloads dashboard_list.xlsx with Korean headers and every row", async () => {
    const res = await fetch(`${s.url}/api/dashboard/download`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON, "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.headers.get("content-disposition")).toContain("dashboard_list.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["거래 해시", "보낸 주소", "보낸 사람"]);
    const total = (await op("POST", "/api/dashboard/list", {})).data.total;
    expect(sheet.rowCount - 1).toBe(total);
  });

  it("blocks a wallet on chain (a gift to it is refused), then unblocks it", async () => {
    // Every proposal carries its proposer's own reason: a block without one is refused, nothing proposed.
    for (const [body, message] of [
      [{ phone: "01033334444" }, Msg.required],
      [{ phone: "01033334444", reason: " " }, Msg.proposalReasonRequired],
    ] as const) {
      const r = await op("POST", "/api/dashboard/block", body);
      expect([r.code, r.message]).toEqual([400, message]);
    }
    // Dual control: admin proposes (nothing changes on chain yet), admin2 approves.
    const proposed = await op("POST", "/api/dashboard/block", { phone: "01033334444", reason: "분실 신고" });
    expect([proposed.code, proposed.message, proposed.data.proposal.state]).toEqual([200, Msg.proposalCreated, "pending"]);
    expect(await s.ctx.chain.token.isBlocked(seoyeonAddr)).toBe(false);
    const blocked = await s.call("POST", `/api/proposals/${proposed.data.proposal.id}/approve`, { token: admin2, marker: "operation" });
    expect([blocked.code, blocked.data.state]).toEqual([200, "approved"]);
    expect(blocked.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await s.waitIndexed();
    expect(await s.ctx.chain.token.isBlocked(seoyeonAddr)).toBe(true);
    const refused = await s.call("POST", "/api/gift/trade/address", {
      token: minjun,
      body: { opponentAddress: seoyeonAddr, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect([refused.code, refused.message]).toEqual([Code.RECIPIENT_REFUSED, Msg.recipientBlocked]);
    const { approval: back } = await proposeAndApprove(s, admin, admin2, "POST", "/api/dashboard/unblock", {
      phone: "01033334444",
      reason: "본인 확인 완료",
    });
    expect([back.code, back.data.state]).toEqual([200, "approved"]);
    await s.waitIndexed();
    expect(await s.ctx.chain.token.isBlocked(seoyeonAddr)).toBe(false);
    expect((await op("GET", `/api/dashboard/detail/${seoyeonAddr}`)).data).toMatchObject({ blocked: false, owner: { state: "repair" } });
    const nobody = await op("POST", "/api/dashboard/block", { phone: "01099998888", reason: "분실 신고" });
    expect([nobody.code, nobody.message]).toEqual([404, Msg.memberNotFoundByPhone]);
  });

  it("transfers from an operator wallet from the dashboard, with the wallet page's answers", async () => {
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const before = BigInt(await s.ctx.chain.token.balanceOf(seoyeonAddr));
    const sent = await op("POST", "/api/dashboard/transfer", { from: treasury, to: seoyeonAddr, value: 777 });
    expect(sent.code).toBe(200);
    expect(BigInt(await s.ctx.chain.token.balanceOf(seoyeonAddr))).toBe(before + 777n);
    expect((await op("POST", "/api/dashboard/transfer", { from: seoyeonAddr, to: treasury, value: 1 })).code).toBe(403);
    expect((await op("POST", "/api/dashboard/transfer", { from: treasury, to: "0x1234", value: 1 })).code).toBe(401);
    // Above DUAL_CONTROL_TRANSFER_THRESHOLD_WON a transfer is a proposal, but one the wallet cannot pay is refused at
    // once as the direct one is, and no proposal is left for anyone to approve.
    const over = Number(await s.ctx.chain.token.balanceOf(treasury)) + 1;
    expect(over).toBeGreaterThan(DUAL_CONTROL_TRANSFER_THRESHOLD_WON);
    const pending = async () => (await s.ctx.db.selectFrom("proposals").select("id").where("state", "=", "pending").execute()).length;
    const proposalsBefore = await pending();
    const tooMuch = await op("POST", "/api/dashboard/transfer", { from: treasury, to: seoyeonAddr, value: over, reason: "운영 자금 이동" });
    expect([tooMuch.code, tooMuch.message]).toEqual([402, Msg.transferBadBalance]);
    // One the wallet can pay, but without the proposer's reason: refused, nothing proposed.
    const large = DUAL_CONTROL_TRANSFER_THRESHOLD_WON + 1;
    const unexplained = await op("POST", "/api/dashboard/transfer", { from: treasury, to: seoyeonAddr, value: large });
    expect([unexplained.code, unexplained.message]).toEqual([400, Msg.proposalReasonRequired]);
    expect(await pending()).toBe(proposalsBefore);
  });

  it("RPC proxy: reads pass; writes, node-control methods and oversized batches are refused; operators only", async () => {
    const rpc = (body: unknown, token: string | null = admin, marker: "operation" | "web" = "operation") =>
      fetch(`${s.url}/api/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}`, "cookie-type": marker } : {}) },
        body: JSON.stringify(body),
      });
    const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: "2.0", id, method, params });
    const head = await rpc(call("eth_blockNumber"));
    expect(head.status).toBe(200);
    expect(Number((await head.json()).result)).toBe(await s.ctx.chain.provider.getBlockNumber());
    const receipt = await (await rpc(call("eth_getTransactionReceipt", [giftHash]))).json();
    expect(receipt.result.transactionHash).toBe(giftHash);
    for (const m of [
      "eth_sendRawTransaction",
      "eth_sendTransaction",
      "eth_sign",
      "hardhat_mine",
      "hardhat_setBalance",
      "evm_snapshot",
      "evm_revert",
      "debug_traceTransaction",
      "personal_unlockAccount",
      "eth_newFilter",
    ]) {
      const r = await rpc(call(m, []));
      expect(r.status, m).toBe(403);
      expect((await r.json()).error.message).toContain(m);
    }
    const mixed = await rpc([call("eth_blockNumber", [], 1), call("evm_mine", [], 2)]);
    expect(mixed.status).toBe(403);
    const headAfter = await s.ctx.chain.provider.getBlockNumber();
    expect(Number((await (await rpc(call("eth_blockNumber"))).json()).result)).toBe(headAfter);
    expect((await rpc(Array.from({ length: 21 }, (_, i) => call("eth_chainId", [], i)))).status).toBe(413);
    expect((await rpc({ nonsense: true })).status).toBe(400);
    expect((await rpc(call("eth_blockNumber"), null)).status).toBe(401);
    expect((await rpc(call("eth_blockNumber"), minjun, "web")).status).toBe(401);
  });

  it("reconciliation passes on the books as they are, and names the address when an indexed balance is altered", async () => {
    await s.waitIndexed();
    const good = await op("GET", "/api/dashboard/reconcile");
    expect(good.data.lines.filter((l: { ok: boolean }) => !l.ok)).toEqual([]);
    expect(good.data.ok).toBe(true);
    // Tamper with the index by hand, as a broken indexer or a bad restore would.
    const store = await openChainStore({ dataDir: s.dataDir, databaseUrl: s.databaseUrl });
    const kept = await store.db.selectFrom("balances").select("balance").where("address", "=", seoyeonAddr).executeTakeFirstOrThrow();
    try {
      await store.db.updateTable("balances").set({ balance: "999999" }).where("address", "=", seoyeonAddr).execute();
      const bad = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(bad.ok).toBe(false);
      expect(bad.lines).toContainEqual(
        expect.objectContaining({
          check: "balance",
          label: "지갑 잔액",
          ok: false,
          detail: expect.stringContaining(`${seoyeonAddr}: 인덱스 999,999원, 체인 `),
        }),
      );
      expect(bad.lines).toContainEqual(expect.objectContaining({ check: "total supply", ok: false }));
    } finally {
      await store.db.updateTable("balances").set({ balance: kept.balance }).where("address", "=", seoyeonAddr).execute();
      await store.close();
    }
  });

  it("reconciliation speaks Korean, amounts with thousands separators, on the card's call and in `npm run reconcile` alike", async () => {
    await s.waitIndexed();
    const card = await op("GET", "/api/dashboard/reconcile");
    const lines: { check: string; label: string; ok: boolean; detail: string }[] = card.data.lines;
    const supply = lines.find((l) => l.check === "total supply")!;
    expect(supply.label).toBe("총 발행량");
    expect(supply.detail).toMatch(
      /^체인 총발행량 \(totalSupply\) \d{1,3}(,\d{3})+원, 인덱스 집계 \d{1,3}(,\d{3})+원, 인덱스 잔액 합계 \d{1,3}(,\d{3})+원$/,
    );
    // Korean words only (beside addresses, hashes and the contract's own names), and no amount of four digits or more left unseparated.
    const english = /\b(?!totalSupply\b|balanceOf\b|0x[0-9a-fA-F]+\b)[A-Za-z]{2,}\b/;
    for (const l of lines) {
      expect(l.label, l.check).toMatch(/[가-힣]/);
      expect(`${l.label} ${l.detail}`, l.check).not.toMatch(english);
      expect(l.detail.replace(/0x[0-9a-fA-F]+/g, ""), l.check).not.toMatch(/\d{4,}/);
    }
    expect(card.data.reserves.every((r: { label: string; value: string }) => /[가-힣]/.test(r.label) && /^\d+$/.test(r.value))).toBe(true);

    // `npm run reconcile` against the same stores and node prints the same lines.
    const { spawnSync } = await import("node:child_process");
    const path = await import("node:path");
    const root = path.resolve(__dirname, "../../..");
    const env = {
      ...process.env,
      DATA_DIR: s.dataDir,
      CHAIN_PORT: String(s.ctx.config.chainPort),
      DATABASE_URL: s.databaseUrl ?? "",
      KEY_ENCRYPTION_KEY: "00".repeat(32),
    };
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "reconcile.ts")], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const printed = run.stdout;
    expect(printed).toContain("KRW Voucher 장부 대사");
    expect(printed).toMatch(/일치 {2}\s+총 발행량\s+체인 총발행량 \(totalSupply\) \d{1,3}(,\d{3})+원/);
    expect(printed).toContain("준비금 증명 (원)");
    expect(printed).toMatch(/발행 총량 \(totalSupply\)\s+\d{1,3}(,\d{3})+\n/);
    expect(printed.trimEnd().endsWith("모든 항목이 일치합니다.")).toBe(true);
    expect(printed.replace(/0x[0-9a-fA-F]+/g, "").replace(/KRW Voucher/g, "")).not.toMatch(english);
  });

  it("reconciliation names a mint whose record and chain disagree, a call still without outcome and an escrow the orders do not explain", async () => {
    await s.waitIndexed();
    const deps = { db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider };
    const before = await reconcile(deps);
    expect(before.lines.filter((l) => !l.ok)).toEqual([]);
    expect(before.lines.map((l) => l.check)).toEqual(expect.arrayContaining(["calls → chain", "buy orders", "settlement escrow"]));
    const mint = await s.ctx.db
      .selectFrom("chain_calls")
      .selectAll()
      .where("method", "=", "mint")
      .where("status", "=", "confirmed")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const pending = await s.ctx.db
      .insertInto("chain_calls")
      .values({
        method: "burn",
        args: JSON.stringify([(JSON.parse(mint.args) as string[])[0], "5"]),
        status: "submitted",
        tx_hash: `0x${"ab".repeat(32)}`,
        admin_id: null,
        created_at: mint.created_at,
        updated_at: mint.updated_at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The record says a different amount than the chain minted.
    const args = JSON.parse(mint.args) as string[];
    await s.ctx.db
      .updateTable("chain_calls")
      .set({ args: JSON.stringify([args[0], String(BigInt(args[1]) + 1n)]) })
      .where("id", "=", mint.id)
      .execute();
    // Money in the escrow that no order explains.
    const escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const extra = await s.call("POST", "/api/address/transmit/send", {
      token: admin,
      marker: "operation",
      body: { from: treasury, to: escrow, value: "100" },
    });
    expect(extra.code).toBe(200);
    await s.waitIndexed();
    try {
      const bad = await reconcile(deps);
      const failed = bad.lines.filter((l) => !l.ok);
      expect(failed).toContainEqual(
        expect.objectContaining({ check: "call without transfer", detail: expect.stringContaining(`발행 #${mint.id}`) }),
      );
      expect(failed).toContainEqual(
        expect.objectContaining({ check: "call without outcome", detail: expect.stringContaining(`소각 #${pending.id} (5원)`) }),
      );
      expect(failed).toContainEqual(
        expect.objectContaining({ check: "settlement escrow", detail: expect.stringContaining("보유 100원, 정산 주문 기준 0원") }),
      );
    } finally {
      await s.ctx.db.updateTable("chain_calls").set({ args: mint.args }).where("id", "=", mint.id).execute();
      await s.ctx.db.deleteFrom("chain_calls").where("id", "=", pending.id).execute();
    }
  });
});
