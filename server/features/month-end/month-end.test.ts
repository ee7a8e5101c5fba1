import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import ExcelJS from "exceljs";
import { WITH_REASON } from "../../test/download-reason";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { dashboardApi } from "../../../domain/api/dashboard";
import { memberByPhone } from "../../records/members.repo";
import { makeCutoff, memberProofs, publishRoot, type MonthEndDeps } from "./cutoff.service";
import { buildPack, zipOf } from "./pack";
import { verifyPack } from "./verify";
import { readZip } from "./zip-read";
import { auditAddress } from "./audit-key";
import { checkProof } from "../../../domain/proof-check";

const DAY = 86_400;

describe("month-end: holders as of a past block, the signed pack and its verifier, members' proofs", () => {
  let s: TestStack;
  let admin: string;
  let d: MonthEndDeps;
  /** Times between the phases of history (each after a jump of days), with the block mined last before them. */
  const marks: { time: number; block: number }[] = [];

  const walletOf = async (phone: string) => (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, phone))!.id))!.address;
  // The clock moves (the whole stack runs in this process: its Date, so the blocks' times and the authorizations' validity).
  const jumpDays = (days: number) => vi.setSystemTime(Date.now() + days * DAY * 1000);
  const mark = async () => {
    await s.waitIndexed();
    const b = (await s.ctx.chain.provider.getBlock("latest"))!;
    marks.push({ time: b.timestamp + 60, block: b.number });
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    s = await startTestStack();
    d = {
      db: s.ctx.db,
      view: s.ctx.view,
      provider: s.ctx.chain.provider,
      token: s.ctx.chain.token,
      deployment: s.ctx.chain.deployment,
      kek: s.ctx.config.keyEncryptionKey,
    };
    const seoyeonAddr = await walletOf("01033334444");
    const minjunAddr = await walletOf("01011112222");
    const gift = async (token: string, to: string, value: number, password: string) => {
      const g = await s.call("POST", "/api/gift/trade/address", {
        token,
        body: { opponentAddress: to, kind: 0, type: 1, value, password },
      });
      expect([g.code, g.message]).toEqual([200, undefined]);
    };
    await mark();
    // Three weeks of history: gifts both ways, each week a jump of the clock.
    for (const [i, v] of [1_000, 2_500, 700].entries()) {
      jumpDays(7);
      const minjun = await s.loginUser("01011112222", "111111");
      const seoyeon = await s.loginUser("01033334444", "222222");
      await gift(minjun, seoyeonAddr, v, "111111");
      if (i !== 1) await gift(seoyeon, minjunAddr, 300 + 100 * i, "222222");
      await mark();
    }
    admin = await s.loginOperator("admin", "admin1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
    vi.useRealTimers();
  });

  it("holders at a past time and at a block equal balanceOf at that block for every holder and wallet", async () => {
    const wallets = (await s.ctx.db.selectFrom("wallets").select("address").execute()).map((w) => w.address);
    for (const m of marks) {
      const iso = new Date(m.time * 1000).toISOString();
      for (const at of [iso, String(m.block)]) {
        const r = await s.api(dashboardApi.holders, { at, perPage: 100 }, { token: admin });
        expect(r.code).toBe(200);
        expect(r.data.as_of?.block).toBe(m.block);
        const listed = new Map(r.data.holder_list.map((h) => [h.address, BigInt(h.balance)]));
        const supply = (await s.ctx.chain.token.totalSupply({ blockTag: m.block })) as bigint;
        expect(BigInt(r.data.total_balance)).toBe(supply);
        expect(r.data.chain_total_supply).toBe(supply.toString());
        for (const a of new Set([...listed.keys(), ...wallets])) {
          const onChain = (await s.ctx.chain.token.balanceOf(a, { blockTag: m.block })) as bigint;
          expect([a, listed.get(a) ?? 0n]).toEqual([a, onChain]);
          expect([a, await s.ctx.view.balanceAt(a, m.block)]).toEqual([a, onChain]);
        }
      }
    }
    // The history really moved: the first and last marks differ.
    const first = await s.api(dashboardApi.holders, { at: String(marks[0].block), perPage: 100 }, { token: admin });
    const last = await s.api(dashboardApi.holders, { at: String(marks[marks.length - 1].block), perPage: 100 }, { token: admin });
    expect(first.data.holder_list).not.toEqual(last.data.holder_list);
    const future = await s.api(dashboardApi.holders, { at: "99999999", perPage: 10 }, { token: admin });
    expect(future.code).toBe(400);
  });

  it("the holders file with ?at= lists the holders as of then, like the list (not the head's)", async () => {
    const at = String(marks[1].block);
    const list = await s.api(dashboardApi.holders, { at, perPage: 100 }, { token: admin });
    const rowsOf = async (query: string) => {
      const res = await fetch(`${s.url}/api/dashboard/holder/download${query}`, {
        headers: { Authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON },
      });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const out: [string, number][] = [];
      wb.worksheets[0].eachRow((r, i) => {
        if (i > 1) out.push([String(r.getCell(2).value), Number(r.getCell(4).value)]);
      });
      return out;
    };
    const past = await rowsOf(`?at=${at}`);
    expect(past).toEqual(list.data.holder_list.map((h) => [h.address, Number(h.balance)]));
    const head = await s.api(dashboardApi.holders, { perPage: 100 }, { token: admin });
    expect(await rowsOf("")).toEqual(head.data.holder_list.map((h) => [h.address, Number(h.balance)]));
    expect(past).not.toEqual(await rowsOf(""));
  });

  it("a pack verifies against the chain; one byte of one file, or one balance, is caught with its line", async () => {
    const cut = await makeCutoff(d, new Date(marks[2].time * 1000).toISOString(), "admin");
    expect(Number(cut.block_number)).toBe(marks[2].block);
    await publishRoot(d, s.ctx.chain.sender, cut.id);
    const { zip, manifest } = await buildPack(d, cut.id);
    const rpcUrl = s.ctx.chain.rpcUrl;
    const good = await verifyPack(zip, { rpcUrl });
    expect(good.lines.filter((l) => !l.ok)).toEqual([]);
    expect(good.ok).toBe(true);

    // One byte of the audit log changed.
    const entries = readZip(zip);
    const log = Buffer.from(entries.get("logs/audit-log.csv")!);
    log[log.length - 2] ^= 1;
    const oneByte = await zipOf([...entries].map(([name, body]) => ({ name, body: name === "logs/audit-log.csv" ? log : body })));
    const r1 = await verifyPack(oneByte, { rpcUrl });
    expect(r1.ok).toBe(false);
    expect(r1.lines.filter((l) => !l.ok).map((l) => l.text)).toEqual([expect.stringMatching(/^logs\/audit-log\.csv: SHA-256이 다릅니다/)]);

    // One byte of the manifest itself changed so it is no longer JSON: a failed check, not a crash.
    const manifestBytes = Buffer.from(entries.get("manifest.json")!);
    manifestBytes[manifestBytes.indexOf(":")] = 0x3b;
    const broken = await verifyPack(
      await zipOf([...entries].map(([name, body]) => ({ name, body: name === "manifest.json" ? manifestBytes : body }))),
      {
        rpcUrl,
      },
    );
    expect(broken.ok).toBe(false);
    expect(broken.lines.map((l) => l.text)).toEqual([expect.stringContaining("manifest.json을 읽을 수 없습니다")]);

    // One balance changed, the manifest's hash updated and signed again by another key: the signature and the chain say so.
    const holders = entries.get("holders.csv")!.toString("utf8").split("\n");
    const [, addr, , bal] = holders[1].split(",");
    holders[1] = holders[1].replace(new RegExp(`,${bal}$`), `,${BigInt(bal) + 1n}`);
    const forgedHolders = Buffer.from(holders.join("\n"), "utf8");
    const sha = (await import("node:crypto")).createHash("sha256").update(forgedHolders).digest("hex");
    const forgedManifest = {
      ...manifest,
      files: manifest.files.map((f) => (f.name === "holders.csv" ? { ...f, sha256: sha, bytes: forgedHolders.length } : f)),
    };
    const text = `${JSON.stringify(forgedManifest, null, 2)}\n`;
    const other = ethers.Wallet.createRandom();
    const sig = JSON.stringify({ signer: manifest.signer, signature: await other.signMessage(text) });
    const forged = await zipOf(
      [...entries].map(([name, body]) => ({
        name,
        body:
          name === "holders.csv"
            ? forgedHolders
            : name === "manifest.json"
              ? Buffer.from(text)
              : name === "manifest.sig.json"
                ? Buffer.from(sig)
                : body,
      })),
    );
    const r2 = await verifyPack(forged, { rpcUrl });
    const failed = r2.lines.filter((l) => !l.ok).map((l) => l.text);
    expect(failed).toContainEqual(expect.stringContaining(`manifest 서명: 서명자 ${other.address}`));
    expect(failed).toContainEqual(expect.stringMatching(new RegExp(`^holders\\.csv 2행 ${addr}: 팩 .*원, 체인\\(Transfer 로그\\)`)));
    expect(failed).toContainEqual(expect.stringContaining("보유자 합계"));
  });

  it("a member's proof verifies against the root read from the chain by an outside script (OpenZeppelin's merkle-tree)", async () => {
    const cut = await makeCutoff(d, String(marks[3].block), "admin");
    await publishRoot(d, s.ctx.chain.sender, cut.id);
    const address = await walletOf("01011112222");
    const [proof] = await memberProofs(d, address);
    expect(proof).toMatchObject({ block: marks[3].block, address, root: cut.merkle_root });
    expect(BigInt(proof.balance)).toBe((await s.ctx.chain.token.balanceOf(address, { blockTag: marks[3].block })) as bigint);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-proof-"));
    const file = path.join(dir, "proof.json");
    fs.writeFileSync(file, JSON.stringify(proof));
    const out = execFileSync("npx", ["tsx", "scripts/verify-proof.ts", file, s.ctx.chain.rpcUrl], { encoding: "utf8" });
    expect(out).toContain(`OK ${address} ${proof.balance} root ${proof.root}`);
    fs.writeFileSync(file, JSON.stringify({ ...proof, balance: String(BigInt(proof.balance) + 1n) }));
    let code = 0;
    try {
      execFileSync("npx", ["tsx", "scripts/verify-proof.ts", file, s.ctx.chain.rpcUrl], { encoding: "utf8" });
    } catch (e) {
      code = (e as { status: number }).status;
    }
    expect(code).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });

    // The public page's check (domain/proof-check.ts, run in the browser) through the public read-only relay, no login.
    const relay = `${s.url}/api/verify/rpc`;
    const checked = await checkProof({ ...proof, rootTxHash: proof.rootTxHash! }, relay);
    expect(checked).toEqual({ ...checked, ok: true }); // (a failure shows its reason)
    expect(checked).toMatchObject({
      ok: true,
      root: cut.merkle_root,
      block: marks[3].block,
      signer: await auditAddress(s.ctx.db),
    });
    const forged = await checkProof({ ...proof, rootTxHash: proof.rootTxHash!, balance: String(BigInt(proof.balance) + 1n) }, relay);
    expect(forged).toEqual({ ok: false, reason: expect.stringContaining("포함되어 있지 않습니다") });
    const otherRoot = await checkProof({ ...proof, rootTxHash: proof.rootTxHash!, root: `0x${"11".repeat(32)}` }, relay);
    expect(otherRoot.ok).toBe(false);
    // The relay answers only the reads of a root: a call, a send or a node control is refused before the node.
    for (const method of ["eth_call", "eth_sendRawTransaction", "evm_mine", "eth_getLogs"]) {
      const r = await fetch(relay, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
      });
      expect([method, r.status]).toEqual([method, 403]);
    }
  });

  it("npm run audit-pack then npm run verify-pack pass; the tampered pack fails naming the line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-pack-"));
    const env = {
      ...process.env,
      DATA_DIR: s.dataDir,
      ...(s.databaseUrl ? { DATABASE_URL: s.databaseUrl } : {}),
      KEY_ENCRYPTION_KEY: s.ctx.config.keyEncryptionKey.toString("hex"),
      JWT_SECRET: "x".repeat(64),
      CHAIN_PORT: String(s.ctx.config.chainPort),
    };
    const out = path.join(dir, "pack.zip");
    // Asynchronously: the stack runs in this process, and its job publishes the root the command waits for.
    const made = (
      await promisify(execFile)("npm", ["run", "-s", "audit-pack", "--", "--at", String(marks[1].block), "--out", out], {
        env,
        encoding: "utf8",
      })
    ).stdout;
    expect(made).toContain(`블록 ${marks[1].block}`);
    const verified = execFileSync("npm", ["run", "-s", "verify-pack", "--", out, "--rpc", s.ctx.chain.rpcUrl], { env, encoding: "utf8" });
    expect(verified).toContain("검증 통과");
    expect(verified).not.toContain("✗");
    const entries = readZip(fs.readFileSync(out));
    const holders = entries.get("holders.csv")!.toString("utf8").split("\n");
    const [, addr, , bal] = holders[2].split(",");
    holders[2] = holders[2].replace(new RegExp(`,${bal}$`), `,${BigInt(bal) - 100n}`);
    fs.writeFileSync(
      out,
      await zipOf([...entries].map(([name, body]) => ({ name, body: name === "holders.csv" ? Buffer.from(holders.join("\n")) : body }))),
    );
    let text = "";
    try {
      execFileSync("npm", ["run", "-s", "verify-pack", "--", out, "--rpc", s.ctx.chain.rpcUrl], { env, encoding: "utf8" });
    } catch (e) {
      text = (e as { stdout: string; status: number }).stdout;
      expect((e as { status: number }).status).toBe(1);
    }
    expect(text).toMatch(/✗ holders\.csv: SHA-256이 다릅니다/);
    expect(text).toContain(`✗ holders.csv 3행 ${addr}: 팩 `);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
