import type { Logger } from "pino";
import type { Chain } from "../chain/bootstrap";
import type { Config } from "./config";
import type { AppDb } from "./db/app-db";
import type { Custody } from "./custody/keys";
import type { Outbox } from "./relayer/outbox";
import type { ChainReader } from "../indexer/reader";
import type { Relayer } from "./relayer/relayer";
import type { Tokens } from "./auth/tokens";
import type { Lockout } from "./auth/lockout";
import type { Notifier } from "./notify";

/** Everything a route or service needs, passed in (so tests build it from real parts, no module mocks). */
export interface AppContext {
  config: Config;
  db: AppDb;
  custody: Custody;
  chain: Chain;
  /** The indexed chain (chain.db, read-only). */
  view: ChainReader;
  outbox: Outbox;
  relayer: Relayer;
  tokens: Tokens;
  lockout: Lockout;
  notifier: Notifier;
  log: Logger;
}
