import { ethers } from "ethers";
import { cancelAuthorization, sendReverting, signAuthorization, submitAuthorization, type VoucherChain } from "./voucher";

export interface History {
  alice: string;
  bob: string;
  carol: string;
  dave: string;
  erin: string;
  gift: string;
  batch: string;
  revertedTransfer: string;
  revertedAuthorization: string;
  afterCollectorChange: string;
  toCollector: string;
  reusedNonce: string;
}

/**
 * A history touching every event the indexer knows: mints, a plain transfer, gifts with and without
 * a fee, a batch with two bad items, a burn, block/unblock, two reverted calls, a cancelled
 * authorization, a fee collector change, pause/unpause.
 */
export async function mineHistory(chain: VoucherChain): Promise<History> {
  const { token, users } = chain;
  const [aliceS, bobS, carolS, daveS, erinS] = users;
  const [alice, bob, carol, dave, erin] = [aliceS, bobS, carolS, daveS, erinS].map((s) => s.address);
  const wait = async (p: Promise<ethers.ContractTransactionResponse>) => (await (await p).wait())!;

  await wait(token.mint(alice, 100_000n));
  await wait(token.mint(bob, 50_000n));
  await wait((token.connect(aliceS) as ethers.Contract).transfer(carol, 1_000n));
  const giftAuth = await signAuthorization(chain, aliceS, { to: carol, value: 5_000n, fee: 200n });
  const gift = (await submitAuthorization(chain, giftAuth))!.hash;
  await submitAuthorization(chain, await signAuthorization(chain, bobS, { to: dave, value: 3_000n, fee: 0n }));

  const items = [
    await signAuthorization(chain, aliceS, { to: bob, value: 700n, fee: 200n }),
    await signAuthorization(chain, bobS, { to: carol, value: 999_999n, fee: 200n }), // more than bob has
    await signAuthorization(chain, daveS, { from: carol, to: dave, value: 100n, fee: 200n }), // signed by the wrong key
    await signAuthorization(chain, bobS, { to: alice, value: 10n, fee: 200n }),
  ];
  const batch = (await wait(token.batchTransferWithAuthorization(items))).hash;

  await wait(token.burn(bob, 500n));
  await wait(token.blockAccount(dave));
  const revertedTransfer = await sendReverting(chain, daveS, token.interface.encodeFunctionData("transfer", [alice, 1n]));
  await wait(token.unblockAccount(dave));
  // The gift's nonce again: the call reverts as a whole.
  const revertedAuthorization = await sendReverting(
    chain,
    chain.admin,
    token.interface.encodeFunctionData("transferWithAuthorization", [
      giftAuth.from,
      giftAuth.to,
      giftAuth.value,
      giftAuth.fee,
      giftAuth.validAfter,
      giftAuth.validBefore,
      giftAuth.nonce,
      giftAuth.v,
      giftAuth.r,
      giftAuth.s,
    ]),
  );
  await cancelAuthorization(chain, carolS, ethers.id("carol-cancelled"));
  await wait(token.setFeeCollector(erin));
  const afterCollectorChange = (await submitAuthorization(
    chain,
    await signAuthorization(chain, carolS, { to: alice, value: 1_200n, fee: 200n }),
  ))!.hash;
  // A gift to the fee collector itself, of exactly the fee: two equal Transfers, only the second is the fee.
  const toCollector = (await submitAuthorization(chain, await signAuthorization(chain, bobS, { to: erin, value: 200n, fee: 200n })))!.hash;
  await wait(token.pause());
  await wait(token.unpause());
  return {
    alice,
    bob,
    carol,
    dave,
    erin,
    gift,
    batch,
    revertedTransfer,
    revertedAuthorization,
    afterCollectorChange,
    toCollector,
    reusedNonce: giftAuth.nonce,
  };
}

/** A few more ordinary moves, for runs that add history after a first sync. */
export async function mineMore(chain: VoucherChain, n: number, tag = 1): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < n; i++) {
    const to = chain.users[(i + tag) % chain.users.length].address;
    const r = await (await chain.token.mint(to, BigInt(1_000 * tag + i + 1))).wait();
    hashes.push(r.hash);
  }
  return hashes;
}
