import crypto from "node:crypto";
import fs from "node:fs";
import { derivePinKey } from "./auth/passwords";
import { parseCidrList } from "./auth/ip-allowlist";
import path from "node:path";
import { ROLE_ACCOUNTS, ROLE_KEY_ENV, type RoleAccount } from "../chain/roles";
import { bankSetting, type BankSetting } from "./providers/bank";
import { WEBHOOK_RETRY_BASE_MS } from "../domain/policy/merchant-payments";
import { REGISTRATION_OUTSTANDING_WON, REGISTRATION_YEARLY_ISSUANCE_WON } from "../domain/policy/issuer";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  chainPort: number;
  /** Set: use that EVM chain and start no node. Unset: embedded Hardhat node on 127.0.0.1:chainPort. */
  rpcUrl: string | null;
  /** Set (postgres://…): both stores live in PostgreSQL (schemas `app` and `chain`). Unset: SQLite files in dataDir. */
  databaseUrl: string | null;
  keyEncryptionKey: Buffer;
  jwtSecret: Buffer;
  /** Keys members' PIN hashes (HMAC): PIN_KEY, or derived from KEY_ENCRYPTION_KEY. Never stored in the database. */
  pinKey: Buffer;
  /** Operator (gas-paying) key for an external chain; generated on the embedded one. */
  operatorPrivateKey: string | null;
  /**
   * The other role accounts' keys (ADMIN_PRIVATE_KEY, MASTER_MINTER_PRIVATE_KEY, MINTER_PRIVATE_KEY, BURNER_PRIVATE_KEY,
   * BLOCKER_PRIVATE_KEY, PAUSER_PRIVATE_KEY: chain/roles.ts). One not given is a sealed custodial key (server/role-keys.ts).
   */
  roleKeys: Partial<Record<Exclude<RoleAccount, "relayer">, string>>;
  /**
   * REMOTE_SIGNER_URL (a signer speaking Web3Signer's eth_signTransaction / eth_accounts JSON-RPC) and
   * REMOTE_SIGNER_ACCOUNTS (`role=address,…`, roles as in chain/roles.ts: admin, masterMinter, minter, burner, blocker,
   * pauser, relayer): those accounts' transactions are signed there, their keys never in this process.
   */
  remoteSigner: { url: string; accounts: Partial<Record<RoleAccount, string>> } | null;
  seedDemo: boolean;
  logLevel: string;
  /** Public origin of the apps (for the verification popup's postMessage target). */
  publicOrigin: string;
  tokenTtlMinutes: number;
  /**
   * OPERATOR_2FA: `required` makes operators of permission 0 enrol in two-factor login (TOTP) at their next login
   * (until they do, their token reaches only their security settings); `optional` (default) leaves it to each operator.
   * An enrolled operator needs the code either way.
   */
  operatorTwoFactor: "optional" | "required";
  /** OPERATOR_IP_ALLOWLIST: the CIDR ranges operators may log in and call from; null (unset): anywhere. */
  operatorIpAllowlist: string[] | null;
  /**
   * An external chain's transaction lifecycle (RPC_URL; chain/tx-lifecycle.ts): CONFIRMATIONS (blocks a receipt needs,
   * its own included, before the books record it; default 1), TX_REPLACE_AFTER_MS (a pending transaction not mined
   * this long is replaced with a higher fee; default 30 s), TX_MAX_REPLACEMENTS (default 10), MAX_FEE_PER_GAS_GWEI
   * (no replacement pays more; default 500).
   */
  lifecycle: { confirmations: number; replaceAfterMs: number; maxReplacements: number; maxFeeCap: bigint };
  /**
   * Gas money (GAS_WARN_TXS, GAS_REFUSE_TXS): below this many transactions' worth of native coin at the recent fee,
   * the relaying account warns (realtime + health), and money calls answer 503 (defaults 200 and 20). GAS_WATCH_MS:
   * how often the leading process reads it for the realtime warning (default 10 s; server/money/gas-watch.ts).
   */
  gas: { warnTxs: number; refuseTxs: number; watchMs: number };
  /**
   * Where merchants' webhooks may point (WEBHOOK_TARGETS): `public` refuses this service itself, loopback and private
   * addresses (server-side request forgery; the default with NODE_ENV=production), `any` allows them (the embedded
   * default: the demo shop and tests receive on 127.0.0.1). WEBHOOK_RETRY_BASE_MS: the first retry's delay, doubling
   * (default domain/policy/merchant-payments.ts WEBHOOK_RETRY_BASE_MS).
   */
  webhookTargets: "public" | "any";
  /**
   * DEMO_SHOP: serve the demo shop (/demo-shop, demo-shop/README.md). Default: on in the embedded default (the demo seeded,
   * the simulated bank, SQLite, webhooks allowed to this machine); `false` turns it off.
   */
  demoShop: boolean;
  webhookRetryBaseMs: number;
  /**
   * ISSUER_REGISTRATION: the issuer's registration as the transparency page states it (e.g. "금융위원회 등록
   * 제2026-01호"); unset: "미등록 (등록 기준 미만)".
   */
  issuerRegistration: string;
  /**
   * REGISTRATION_OUTSTANDING_WON, REGISTRATION_YEARLY_ISSUANCE_WON: the registration thresholds watched (defaults: the
   * law's, domain/policy/issuer.ts); set lower to see the warnings (a rehearsal, a test).
   */
  thresholds: { outstanding: bigint; yearlyIssuance: bigint };
  /** The bank provider (BANK_PROVIDER, server/providers/bank/index.ts): simulated by default, or a real one over HTTP. */
  bank: BankSetting;
}

interface DevSecrets {
  keyEncryptionKey: string;
  jwtSecret: string;
}

/**
 * Reads configuration from the environment with safe local defaults. Missing secrets are generated
 * once into SECRETS_DIR/dev-secrets.json (default DATA_DIR/secrets: directory 0700, file 0600), apart
 * from the data files they protect, with a warning: fine for a laptop, never for production. A file
 * left by an earlier version in DATA_DIR itself is moved there. DATA_DIR is made 0700.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, warn: (msg: string) => void = console.warn): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? "127.0.0.1";
  let dev: DevSecrets | null = null;
  const secretsDir = path.resolve(env.SECRETS_DIR ?? path.join(dataDir, "secrets"));
  const devFile = path.join(secretsDir, "dev-secrets.json");
  const devSecrets = (): DevSecrets => {
    if (dev) return dev;
    fs.mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
    tighten(secretsDir, 0o700);
    const legacy = path.join(dataDir, "dev-secrets.json");
    if (!fs.existsSync(devFile) && fs.existsSync(legacy)) {
      fs.copyFileSync(legacy, devFile);
      fs.chmodSync(devFile, 0o600);
      fs.rmSync(legacy);
      warn(`moved ${legacy} to ${devFile} (secrets are kept apart from the data they protect)`);
    }
    if (fs.existsSync(devFile)) {
      tighten(devFile, 0o600);
      dev = JSON.parse(fs.readFileSync(devFile, "utf8")) as DevSecrets;
    } else {
      dev = { keyEncryptionKey: crypto.randomBytes(32).toString("hex"), jwtSecret: crypto.randomBytes(32).toString("hex") };
      fs.writeFileSync(devFile, JSON.stringify(dev), { mode: 0o600, flag: "wx" });
      warn(`KEY_ENCRYPTION_KEY/JWT_SECRET not set: generated development secrets in ${devFile}. Set them in production.`);
    }
    return dev;
  };
  const kek = env.KEY_ENCRYPTION_KEY
    ? parseKey(env.KEY_ENCRYPTION_KEY, "KEY_ENCRYPTION_KEY")
    : Buffer.from(devSecrets().keyEncryptionKey, "hex");
  const jwt = env.JWT_SECRET ? Buffer.from(env.JWT_SECRET, "utf8") : Buffer.from(devSecrets().jwtSecret, "hex");
  if (jwt.length < 32) throw new Error("JWT_SECRET must be at least 32 bytes");
  return {
    port,
    host,
    dataDir,
    chainPort: Number(env.CHAIN_PORT ?? 8545),
    rpcUrl: env.RPC_URL || null,
    databaseUrl: env.DATABASE_URL || null,
    keyEncryptionKey: kek,
    jwtSecret: jwt,
    pinKey: env.PIN_KEY ? parseKey(env.PIN_KEY, "PIN_KEY") : derivePinKey(kek),
    operatorPrivateKey: env.OPERATOR_PRIVATE_KEY || null,
    roleKeys: Object.fromEntries(
      ROLE_ACCOUNTS.filter((a) => a !== "relayer" && env[ROLE_KEY_ENV[a]]).map((a) => [a, env[ROLE_KEY_ENV[a]]]),
    ),
    remoteSigner: remoteSignerSetting(env.REMOTE_SIGNER_URL, env.REMOTE_SIGNER_ACCOUNTS),
    seedDemo: (env.SEED_DEMO ?? "true") !== "false",
    logLevel: env.LOG_LEVEL ?? "info",
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://${host}:${port}`,
    tokenTtlMinutes: Number(env.TOKEN_TTL_MINUTES ?? 60 * 12),
    operatorTwoFactor: twoFactorSetting(env.OPERATOR_2FA),
    operatorIpAllowlist: env.OPERATOR_IP_ALLOWLIST?.trim() ? parseCidrList(env.OPERATOR_IP_ALLOWLIST) : null,
    lifecycle: {
      confirmations: positiveInt(env.CONFIRMATIONS, 1, "CONFIRMATIONS"),
      replaceAfterMs: positiveInt(env.TX_REPLACE_AFTER_MS, 30_000, "TX_REPLACE_AFTER_MS"),
      maxReplacements: positiveInt(env.TX_MAX_REPLACEMENTS, 10, "TX_MAX_REPLACEMENTS"),
      maxFeeCap: BigInt(positiveInt(env.MAX_FEE_PER_GAS_GWEI, 500, "MAX_FEE_PER_GAS_GWEI")) * 10n ** 9n,
    },
    gas: {
      warnTxs: positiveInt(env.GAS_WARN_TXS, 200, "GAS_WARN_TXS"),
      refuseTxs: positiveInt(env.GAS_REFUSE_TXS, 20, "GAS_REFUSE_TXS"),
      watchMs: positiveInt(env.GAS_WATCH_MS, 10_000, "GAS_WATCH_MS"),
    },
    issuerRegistration: env.ISSUER_REGISTRATION?.trim() || "미등록 (등록 기준 미만)",
    thresholds: {
      outstanding: BigInt(positiveInt(env.REGISTRATION_OUTSTANDING_WON, REGISTRATION_OUTSTANDING_WON, "REGISTRATION_OUTSTANDING_WON")),
      yearlyIssuance: BigInt(
        positiveInt(env.REGISTRATION_YEARLY_ISSUANCE_WON, REGISTRATION_YEARLY_ISSUANCE_WON, "REGISTRATION_YEARLY_ISSUANCE_WON"),
      ),
    },
    webhookTargets: webhookTargetsSetting(env.WEBHOOK_TARGETS, env.NODE_ENV),
    demoShop:
      (env.DEMO_SHOP ?? "").trim() === ""
        ? (env.SEED_DEMO ?? "true") !== "false" &&
          !env.DATABASE_URL &&
          (env.BANK_PROVIDER ?? "simulated") === "simulated" &&
          env.NODE_ENV !== "production"
        : env.DEMO_SHOP !== "false",
    webhookRetryBaseMs: positiveInt(env.WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_BASE_MS, "WEBHOOK_RETRY_BASE_MS"),
    bank: bankSetting(env, kek),
  };
}

function webhookTargetsSetting(value: string | undefined, nodeEnv: string | undefined): Config["webhookTargets"] {
  const v = (value || (nodeEnv === "production" ? "public" : "any")).trim().toLowerCase();
  if (v === "public" || v === "any") return v;
  throw new Error(`WEBHOOK_TARGETS must be public or any, not "${value}"`);
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  return n;
}

function remoteSignerSetting(url: string | undefined, accounts: string | undefined): Config["remoteSigner"] {
  if (!url?.trim()) {
    if (accounts?.trim()) throw new Error("REMOTE_SIGNER_ACCOUNTS needs REMOTE_SIGNER_URL");
    return null;
  }
  const map: Partial<Record<RoleAccount, string>> = {};
  for (const part of (accounts ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [role, address] = part.split("=").map((x) => x.trim());
    if (!(ROLE_ACCOUNTS as readonly string[]).includes(role) || !/^0x[0-9a-fA-F]{40}$/.test(address ?? ""))
      throw new Error(`REMOTE_SIGNER_ACCOUNTS: "${part}" is not role=0xaddress (roles: ${ROLE_ACCOUNTS.join(", ")})`);
    map[role as RoleAccount] = address;
  }
  if (Object.keys(map).length === 0) throw new Error("REMOTE_SIGNER_URL needs REMOTE_SIGNER_ACCOUNTS (role=0xaddress,…)");
  return { url: url.trim(), accounts: map };
}

function twoFactorSetting(value: string | undefined): Config["operatorTwoFactor"] {
  const v = (value || "optional").trim().toLowerCase();
  if (v === "optional" || v === "required") return v;
  throw new Error(`OPERATOR_2FA must be "optional" or "required", not "${value}"`);
}

/** A 32-byte key as 64 hex characters or base64. */
function parseKey(value: string, name: string): Buffer {
  const buf = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (buf.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex characters or base64)`);
  return buf;
}

/** Narrows a file's or directory's mode to `mode` (best effort: a file system without modes is left alone). */
function tighten(p: string, mode: number): void {
  try {
    if ((fs.statSync(p).mode & 0o777 & ~mode) !== 0) fs.chmodSync(p, mode);
  } catch {
    /* not ours to change */
  }
}
