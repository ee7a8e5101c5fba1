import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "../../db/testing";
import { openChainStore, type ChainStore, type ChainStoreOptions } from "../db";

/**
 * Chain stores for a test file: each location is a fresh SQLite DATA_DIR, or (under `npm run test:pg`)
 * a fresh PostgreSQL database from db/testing.ts. Everything opened is closed and dropped by cleanup().
 */
export function testStores() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "krw-chain-store-"));
  const opened: ChainStore[] = [];
  const databases: (string | null)[] = [];
  let n = 0;
  return {
    /** A new, empty store location. */
    async location(): Promise<Omit<ChainStoreOptions, "readonly">> {
      const dataDir = path.join(root, String(n++));
      const databaseUrl = await freshTestDatabase();
      databases.push(databaseUrl);
      return { dataDir, databaseUrl };
    },
    /** Opens the store at `loc` (the writer's, or a reader's with readonly). */
    async open(loc: Omit<ChainStoreOptions, "readonly">, readonly = false): Promise<ChainStore> {
      const s = await openChainStore({ ...loc, readonly });
      opened.push(s);
      // Under test:pg every store must really be PostgreSQL, not a silent SQLite fallback.
      if (s.dialect !== (pgTestUrl() ? "postgres" : "sqlite"))
        throw new Error(`expected a ${pgTestUrl() ? "postgres" : "sqlite"} store, got ${s.dialect}`);
      return s;
    },
    async cleanup(): Promise<void> {
      for (const s of opened) await s.close();
      for (const url of databases) await dropTestDatabase(url);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
