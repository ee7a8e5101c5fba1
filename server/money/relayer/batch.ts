import { encodeFunctionData, type Abi, type Hex } from "viem";
import type { Custody } from "../../custody/keys";
import type { Chain } from "../../../chain/bootstrap";
import { transferAuthorizationDigester, voucherDomain } from "../../../chain/eip712";
import { voucherArtifact } from "../../../chain/artifacts";
import type { OutboxRow } from "../outbox";
import { createSigner } from "./signer";

/**
 * The most gas a batch declares: every row at its worst (its nonce word, its recipient and the fee collector written
 * from zero, ~66,000 measured) with room to spare, inside Osaka's per-transaction cap (EIP-7825: a node refuses a
 * transaction asking for more). The embedded node mines each transaction alone, so there the declaration costs nothing.
 */
export const worstCaseGas = (rows: number) => BigInt(Math.min(120_000 + 90_000 * rows, 2 ** 24));

/**
 * On an external chain a block takes transactions by the gas they declare, not the gas they use: declaring the worst
 * case (~3.2× the ~28,000 a gift uses) filled blocks at a third of what they could carry (docs/bench.md, "Rig"). There
 * a batch declares the gas it uses against the node's pending state with this margin: ×1.25 because the gas a node
 * reports is after refunds, and a refund is at most a fifth of the gas spent (EIP-3529), so the gas the transaction
 * needs while it runs is at most 1.25× it; plus 25,000 for a row's recipient emptied meanwhile (one slot written from
 * zero again: 20,000). A batch that still runs out of gas moves nothing, and its rows are sent again (outcome.ts,
 * `outOfGas`).
 */
export const ESTIMATE_MARGIN = { percent: 125n, plus: 25_000n } as const;

/**
 * How the relayer turns outbox rows into a transaction: each row's EIP-712 authorization, signed with its wallet's
 * key on the signing thread, then the calldata (one row: transferWithAuthorization; several: one batch) and its
 * gas limit. Calldata is encoded with viem: a batch of 150 authorizations takes it ~2 ms, ethers' Interface ~35 ms.
 */
export function createBatchMaker(custody: Custody, chain: Chain, opts: { declare?: (used: bigint) => bigint } = {}) {
  const digest = transferAuthorizationDigester(voucherDomain(chain.deployment.chainId, chain.deployment.token));
  const abi = voucherArtifact().abi as Abi;
  const signer = createSigner();

  /** The row's authorization as signed, and its digest. */
  function authorizationOf(row: OutboxRow) {
    const message = {
      from: row.from_address,
      to: row.to_address,
      value: BigInt(row.value),
      fee: BigInt(row.fee),
      validAfter: 0n,
      validBefore: BigInt(row.valid_before),
      // The outbox stores the uint256 bitmap nonce (word << 8 | bit) as 0x-prefixed 32-byte hex.
      nonce: BigInt(row.nonce),
    };
    return { message, digest: digest(message) as Hex };
  }

  /**
   * Signs the rows' authorizations with their wallets' keys (kept decrypted by custody after the first use). The
   * signing, the CPU-heavy part, runs on the signing thread (signer.ts).
   */
  async function signAll(rows: OutboxRow[]) {
    const auths = rows.map(authorizationOf);
    const items = [];
    for (let i = 0; i < rows.length; i++)
      items.push({ digest: auths[i].digest, key: (await custody.signerFor(rows[i].from_address)).privateKey });
    const sigs = await signer.signAll(items);
    return auths.map((a, i) => ({ ...a.message, v: 27 + sigs[i].yParity, r: sigs[i].r, s: sigs[i].s }));
  }

  /** The batch's calldata and gas limit. */
  async function prepare(rows: OutboxRow[], signed?: Awaited<ReturnType<typeof signAll>>) {
    signed ??= await signAll(rows);
    const one = signed[0];
    const data =
      rows.length === 1
        ? encodeFunctionData({
            abi,
            functionName: "transferWithAuthorization",
            args: [one.from, one.to, one.value, one.fee, one.validAfter, one.validBefore, one.nonce, one.v, one.r, one.s],
          })
        : encodeFunctionData({ abi, functionName: "batchTransferWithAuthorization", args: [signed] });
    return { rows, data, gasLimit: chain.node ? worstCaseGas(rows.length) : await declared(rows.length, data) };
  }

  /**
   * The gas an external chain's batch declares: what it uses against the node's pending state, with the margin, never
   * above the worst case. What it uses is read with one execution (`eth_createAccessList` answers its gas used): an
   * `eth_estimateGas` searches by executing the batch ~20 times, 300 ms for 150 rows on Anvil against ~35 ms (measured
   * 2026-11-29), and in the relayer's loop that bounded the chain's rate. A node without it is asked for an estimate.
   */
  async function declared(rows: number, data: Hex): Promise<bigint> {
    const worst = worstCaseGas(rows);
    const tx = { from: chain.sender.address, to: chain.deployment.token, data };
    let used: bigint;
    try {
      const list = (await chain.provider.send("eth_createAccessList", [tx, "pending"])) as { gasUsed: string; error?: string };
      // The call reverts as a whole (not an item failing inside it): it is sent all the same, with the most it could use.
      if (list.error) return worst;
      used = BigInt(list.gasUsed);
    } catch {
      try {
        used = BigInt(await chain.provider.send("eth_estimateGas", [tx, "pending"]));
      } catch {
        return worst;
      }
    }
    const limit = opts.declare ? opts.declare(used) : (used * ESTIMATE_MARGIN.percent) / 100n + ESTIMATE_MARGIN.plus;
    return limit < worst ? limit : worst;
  }

  return { signAll, prepare, close: () => signer.close() };
}
