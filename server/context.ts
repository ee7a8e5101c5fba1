import type { Logger } from "pino";
import type { Chain } from "../chain/bootstrap";
import type { Config } from "./config";
import type { AppDb } from "./db/schema";
import type { Custody } from "./custody/keys";
import type { Outbox } from "./money/outbox";
import type { ChainReader } from "../indexer/reader";
import type { Relayer } from "./money/relayer/relayer";
import type { Sessions } from "./auth/sessions";
import type { Lockout } from "./auth/lockout";
import type { Notifier } from "./records/operator-notices/notifier";
import type { LimiterStore } from "./http/limiter-store";
import type { Clock } from "./clock";
import type { BankProvider } from "./providers/bank/provider";

/** Everything a route or service needs, passed in (so tests build it from real parts, no module mocks). */
export interface AppContext {
  config: Config;
  /** The app store (Kysely over SQLite or PostgreSQL). */
  db: AppDb;
  custody: Custody;
  chain: Chain;
  /** The indexed chain (chain store, read-only). */
  view: ChainReader;
  outbox: Outbox;
  relayer: Relayer;
  sessions: Sessions;
  lockout: Lockout;
  notifier: Notifier;
  /** Where rate limits count: the shared store on PostgreSQL, this process's memory on SQLite. */
  limits: LimiterStore;
  /** "Now" for the member-facing rules (validity); tests move it forward. */
  clock: Clock;
  /** The bank provider: virtual accounts, linked-account debits; its callbacks arrive at /api/bank/callback. */
  bank: BankProvider;
  log: Logger;
}
