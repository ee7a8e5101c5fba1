/**
 * The money bench's kit (scripts/bench/money.ts, rig.ts): members with their PINs, funding in one outbox batch, CPU per
 * call, and how the gifts written went on chain.
 */
import os from "node:os";
import type { TestStack } from "../../server/test/harness";
import { createMember } from "../../server/features/members/members.service";
import { callToken } from "../../server/money/chain-calls";
import type { OutboxRow } from "../../server/money/outbox";

export interface BenchMember {
  id: number;
  phonenumber: string;
  pin: string;
  address: string;
}

export async function members(s: TestStack, prefix: string, n: number, permission?: "exchanger"): Promise<BenchMember[]> {
  const out: BenchMember[] = [];
  for (let i = 0; i < n; i++) {
    const phonenumber = prefix + String(i).padStart(4, "0");
    const pin = String(100_000 + i);
    const m = await createMember(s.ctx, { phonenumber, username: `벤치${i}`, password: pin, permission });
    out.push({ id: m.id, phonenumber, pin, address: m.address });
  }
  return out;
}

/** Mints to the treasury and sends each address `each` won, in one outbox batch. */
export async function fund(s: TestStack, addresses: string[], each: number) {
  const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
  const minted = await callToken(s.ctx, "mint", [treasury, BigInt(each * addresses.length)]);
  await s.waitIndexed(minted.block_number!);
  const rows = await s.ctx.db.transaction().execute(async (trx) => {
    const out: OutboxRow[] = [];
    for (const a of addresses) out.push(await s.ctx.outbox.enqueue(trx, { kind: "seed", from: treasury, to: a, value: each }));
    return out;
  });
  s.ctx.relayer.kick();
  for (const r of rows) if ((await s.ctx.relayer.waitFor(r.id, 60_000)).status !== "confirmed") throw new Error("funding failed");
  await s.waitIndexed();
}

/** CPU milliseconds (user + system, every thread of this process) per call, calls run one after another. */
export async function cpuPer(n: number, fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / n;
}

export async function lastOutboxId(s: TestStack): Promise<number> {
  const r = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select((eb) => eb.fn.max("id").as("m"))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** How the gifts written after `afterId` went on chain: transactions, gifts per transaction. */
export async function batchesAfter(s: TestStack, afterId: number): Promise<string> {
  const batches = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select(["tx_hash", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "gift")
    .where("id", ">", afterId)
    .groupBy("tx_hash")
    .execute();
  const gifts = batches.reduce((a, b) => a + Number(b.n), 0);
  return `${gifts} gifts in ${batches.length} transactions (${(gifts / batches.length).toFixed(1)} a transaction, largest ${Math.max(...batches.map((b) => Number(b.n)))})`;
}

/**
 * CPU time the whole machine spent (user, nice, system, irq over every core, from os.cpus()), in ms: read around a run,
 * it is what the run cost everything it woke — server, node, clients — on a quiet machine.
 */
export function machineBusyMs(): number {
  let busy = 0;
  for (const c of os.cpus()) busy += c.times.user + c.times.nice + c.times.sys + c.times.irq;
  return busy;
}
export const machineCores = (): number => os.cpus().length;
