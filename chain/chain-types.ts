import type { ethers } from "ethers";
import type { Journal } from "./journal";
import type { LocalNode } from "./node";
import type { ReplayProgress } from "./replay";
import type { RoleAccount } from "./roles";
import type { Sender } from "./sender";
import type { TxSigner } from "./tx-signer";

/** What chain/bootstrap.ts brings up and takes: the deployment record, the chain handle, the options, their defaults. */
export interface Deployment {
  chainId: number;
  token: string;
  deployBlock: number;
  /** The relaying account (RELAYER_ROLE; pays the gifts' gas). */
  operator: string;
  feeCollector: string;
  deployedAt: string;
  /** Each role's account (chain/roles.ts); absent in a deployment made before the roles were split across keys. */
  roles?: Record<RoleAccount, string>;
}

export interface Chain {
  provider: ethers.JsonRpcProvider;
  /** The relaying account's sender (gifts, month-end roots): `senders.relayer`. */
  sender: Sender;
  /** Each role account's sender, one per key (its own nonce stream): mints go through `senders.minter`, and so on. */
  senders: Record<RoleAccount, Sender>;
  token: ethers.Contract;
  deployment: Deployment;
  rpcUrl: string;
  node: LocalNode | null;
  journal: Journal;
  /** The token as seen by an arbitrary signer (for reads and signing domains). */
  iface: ethers.Interface;
  /** Whether a journal replay is bringing the node back (at start, or after the node died): money calls wait. */
  replaying(): boolean;
  /** The replay running now (entries done / total, rate, time left), or null. */
  replayProgress(): (ReplayProgress & { reason: "start" | "revive" }) | null;
  /**
   * Resolves true once no replay is running (at once when none is), false when the chain stops first;
   * rejects when the replay failed (the node disagrees with the journal).
   */
  synced(): Promise<boolean>;
  /** Why the replay failed (the node disagrees with the journal), or null. */
  replayError(): string | null;
  /**
   * Whether a transaction sent now can be mined: the embedded node is alive and has the whole journal (no replay or
   * restart under way). Always true with RPC_URL (an outside chain's health is its sends' to tell).
   */
  sendable(): boolean;
  /**
   * The process begins to stop: nothing new starts. A dead embedded node is not started again, a node being started
   * is killed, a replay stops between two entries; sends already queued go on while the node lives. `stop()` closes
   * the rest.
   */
  halt(): void;
  stop(): Promise<void>;
}

export interface ChainOptions {
  dataDir: string;
  chainPort: number;
  rpcUrl: string | null;
  /** The relaying account's key (RELAYER_ROLE; pays the gifts' gas), or its signer (chain/tx-signer.ts). */
  operatorKey: string | TxSigner;
  /**
   * The other role accounts' keys or signers (chain/roles.ts). One not given is the operator key's (tools and tests;
   * the server gives them all: a sealed custodial key each, or the configuration's).
   */
  roleKeys?: Partial<Record<Exclude<RoleAccount, "relayer">, string | TxSigner>>;
  /** The fee collector's address (a custodial wallet), used at deployment. */
  feeCollector: string;
  /** A deployment recorded elsewhere (the app store), used when DATA_DIR has none: a second process joining. */
  knownDeployment?: Deployment | null;
  log?: (msg: string) => void;
  /** Replay progress, about once a second while a replay runs (npm start prints it). */
  onReplayProgress?: (p: ReplayProgress & { reason: "start" | "revive" }) => void;
  /**
   * The embedded node died ("down": a new one is being started and replayed) and is back with the whole journal
   * ("back"). Whoever reads the chain continuously (the indexer) pauses in between: a half-replayed node looks
   * like a reorg.
   */
  onRevive?: (phase: "down" | "back") => void;
  /** An external chain's transaction lifecycle (depth, re-send, fee replacement: chain/tx-lifecycle.ts); unused on the embedded node. */
  lifecycle?: { confirmations: number; replaceAfterMs: number; maxReplacements: number; maxFeeCap: bigint; pollMs?: number };
}

/** An external chain's transaction lifecycle when the caller sets none (server/config.ts reads it from the environment). */
export const DEFAULT_LIFECYCLE = { confirmations: 1, replaceAfterMs: 30_000, maxReplacements: 10, maxFeeCap: 500n * 10n ** 9n };

/**
 * The minter account's allowance at deployment (chain/roles.ts `grantRoles`), in won: a thousand times the largest mint the back-office
 * accepts (15 digits, AMOUNT_MAX_DIGITS), so today's flows (purchases, the seed, the bench) never reach it.
 * It caps what a stolen minter key could mint; screens to watch and top it up come with the back-office's
 * allowance management.
 */
export const OPERATOR_MINT_ALLOWANCE = 10n ** 18n;
