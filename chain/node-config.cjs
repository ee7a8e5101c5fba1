// The embedded node's Hardhat config: chain/node.ts starts `hardhat node --config chain/node-config.cjs`, and
// hardhat.config.ts takes its `hardhat` network from here (one definition of the genesis).
//
// Plain JavaScript, no plugins: the project's hardhat.config.ts loads TypeScript (ts-node) and the test plugins,
// which the node does not need. And the node's accounts are Hardhat's default ones (the well-known "test … junk"
// mnemonic, m/44'/60'/0'/0/i, 20 of them, 10,000 ETH each: the same genesis, so the same block hashes), derived
// here with Node's native PBKDF2, HMAC and secp256k1 instead of Hardhat's JavaScript ones: the mnemonic's 2,048
// rounds of PBKDF2-SHA512 in JavaScript were a quarter of the node's start (profiled; docs/bench.md, Replay).
const crypto = require("node:crypto");
const path = require("node:path");

/** The embedded chain keeps a fixed genesis so that a replayed journal reproduces block hashes. */
const GENESIS_DATE = process.env.CHAIN_GENESIS_DATE ?? "2026-01-01T00:00:00.000Z";

/** Hardhat's defaults for its `hardhat` network's accounts (hardhat/internal/core/config/default-config). */
const DEFAULT_MNEMONIC = "test test test test test test test test test test test junk";
const DEFAULT_COUNT = 20;
const DEFAULT_BALANCE = "10000000000000000000000";
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** BIP-32 private derivation of m/44'/60'/0'/0/i from a BIP-39 mnemonic (no passphrase). */
function devKeys(mnemonic, count) {
  const seed = crypto.pbkdf2Sync(Buffer.from(mnemonic.normalize("NFKD")), Buffer.from("mnemonic"), 2048, 64, "sha512");
  const split = (i) => ({ key: i.subarray(0, 32), chain: i.subarray(32) });
  let node = split(crypto.createHmac("sha512", "Bitcoin seed").update(seed).digest());
  const child = (parent, index) => {
    const data = Buffer.alloc(37);
    if (index >= 0x80000000) parent.key.copy(data, 1);
    else {
      const ecdh = crypto.createECDH("secp256k1");
      ecdh.setPrivateKey(parent.key);
      ecdh.getPublicKey(null, "compressed").copy(data, 0);
    }
    data.writeUInt32BE(index, 33);
    const i = split(crypto.createHmac("sha512", parent.chain).update(data).digest());
    const k = (BigInt(`0x${i.key.toString("hex")}`) + BigInt(`0x${parent.key.toString("hex")}`)) % SECP256K1_N;
    return { key: Buffer.from(k.toString(16).padStart(64, "0"), "hex"), chain: i.chain };
  };
  for (const index of [44 + 0x80000000, 60 + 0x80000000, 0x80000000, 0]) node = child(node, index);
  return Array.from({ length: count }, (_, i) => `0x${child(node, i).key.toString("hex")}`);
}

/** The `hardhat` network: fixed genesis date and chain id, automine, no console logging (chain/node.ts). */
const hardhatNetwork = {
  chainId: 31337,
  initialDate: GENESIS_DATE,
  mining: { auto: true, interval: 0 },
  loggingEnabled: false,
};

module.exports = {
  paths: { root: path.join(__dirname, ".."), cache: "./cache", artifacts: "./artifacts" },
  networks: {
    hardhat: {
      ...hardhatNetwork,
      accounts: devKeys(DEFAULT_MNEMONIC, DEFAULT_COUNT).map((privateKey) => ({ privateKey, balance: DEFAULT_BALANCE })),
    },
  },
};
module.exports.hardhatNetwork = hardhatNetwork;
module.exports.devKeys = devKeys;
