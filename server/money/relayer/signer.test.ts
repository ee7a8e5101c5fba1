import { afterAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import type { Hex } from "viem";
import { createSigner } from "./signer";

describe("relayer signing thread", () => {
  const signer = createSigner();
  afterAll(() => signer.close());

  it("signs on its thread exactly as ethers does in place (RFC 6979), in order, for many keys", async () => {
    const wallets = Array.from({ length: 5 }, () => ethers.Wallet.createRandom());
    const items = Array.from({ length: 40 }, (_, i) => ({
      digest: ethers.keccak256(ethers.toBeHex(i, 32)) as Hex,
      key: wallets[i % 5].privateKey,
    }));
    const sigs = await signer.signAll(items);
    expect(sigs).toHaveLength(40);
    items.forEach((it, i) => {
      const expected = wallets[i % 5].signingKey.sign(it.digest);
      expect({ r: sigs[i].r, s: sigs[i].s, v: 27 + sigs[i].yParity }).toEqual({ r: expected.r, s: expected.s, v: expected.v });
      expect(ethers.recoverAddress(it.digest, { r: sigs[i].r, s: sigs[i].s, v: 27 + sigs[i].yParity })).toBe(wallets[i % 5].address);
    });
  });

  it("sends even a single signature to the thread once it has started", async () => {
    const w = ethers.Wallet.createRandom();
    const digest = ethers.keccak256("0x02") as Hex;
    const before = signer.threadBatches();
    const [one] = await signer.signAll([{ digest, key: w.privateKey }]);
    expect(one.r).toBe(w.signingKey.sign(digest).r);
    expect(signer.threadBatches()).toBe(before + 1);
  });

  it("signs a small batch in place while the thread starts, and still works after the thread is closed", async () => {
    const w = ethers.Wallet.createRandom();
    const digest = ethers.keccak256("0x01") as Hex;
    await signer.close();
    const before = signer.threadBatches();
    const [one] = await signer.signAll([{ digest, key: w.privateKey }]); // the new thread has not started yet
    expect(one.r).toBe(w.signingKey.sign(digest).r);
    expect(signer.threadBatches()).toBe(before);
    await signer.close();
    const again = await signer.signAll(Array.from({ length: 6 }, () => ({ digest, key: w.privateKey })));
    expect(again.every((s) => s.r === one.r && s.s === one.s)).toBe(true);
  });
});
