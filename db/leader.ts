import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Leadership of a singleton job (the relayer, the indexer) across processes. PostgreSQL: a session
 * advisory lock held by a dedicated connection, released by the server when the process dies. SQLite
 * (one machine): a lock file holding the owner's pid, taken over when that pid is gone.
 */
export interface Leadership {
  /** Resolves once this process leads (at once when nobody else does). */
  acquired: Promise<void>;
  isLeader(): boolean;
  /** Called if leadership is lost after it was acquired (the lock connection dropped). */
  onLost(fn: () => void): void;
  release(): Promise<void>;
}

const LOCK_KEY = 0x4b5257; // 'KRW': one advisory lock key for the relay-and-index job

export function leadership(opts: { databaseUrl: string | null; dataDir: string; pollMs?: number; log?: (m: string) => void }): Leadership {
  const pollMs = opts.pollMs ?? 1000;
  let leader = false;
  let stopped = false;
  let lostHandler: () => void = () => undefined;
  let release: () => Promise<void> = async () => undefined;
  /** The connection polling for the lock, until this process leads. */
  let waiting: pg.Client | null = null;
  /** Ends the current wait between polls (a release does not wait out pollMs). */
  let wake: () => void = () => undefined;
  const pause = () =>
    new Promise<void>((r) => {
      const t = setTimeout(r, pollMs);
      wake = () => (clearTimeout(t), r());
    });

  const acquired = opts.databaseUrl ? viaPostgres(opts.databaseUrl) : viaLockFile(path.join(opts.dataDir, "leader.lock"));

  async function viaPostgres(url: string): Promise<void> {
    while (!stopped) {
      const client = new pg.Client({ connectionString: url });
      // A connection cut between polls (a server restart, a terminated backend) is an 'error' event with no query to
      // take it: unheard, it would end the process. While waiting, the next poll fails and a new connection is made.
      client.on("error", () => {
        if (!leader) return;
        leader = false;
        opts.log?.("leadership lost: the lock connection dropped");
        lostHandler();
      });
      waiting = client;
      try {
        await client.connect();
        for (;;) {
          if (stopped) break;
          const r = await client.query("SELECT pg_try_advisory_lock($1) AS ok", [LOCK_KEY]);
          if (r.rows[0].ok && !stopped) {
            leader = true;
            waiting = null;
            release = async () => {
              leader = false;
              await client.end().catch(() => undefined);
            };
            return;
          }
          if (stopped) break;
          await pause();
        }
      } catch {
        if (!stopped) await pause();
      }
      waiting = null;
      await client.end().catch(() => undefined);
    }
    throw new Error("leadership: stopped before acquiring");
  }

  async function viaLockFile(file: string): Promise<void> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    while (!stopped) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
        leader = true;
        release = async () => {
          leader = false;
          try {
            if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        };
        return;
      } catch {
        const owner = Number(fs.readFileSync(file, "utf8") || 0);
        if (owner === process.pid || !alive(owner)) {
          fs.rmSync(file, { force: true });
          continue;
        }
        await pause();
      }
    }
    throw new Error("leadership: stopped before acquiring");
  }

  acquired.catch(() => undefined);
  return {
    acquired,
    isLeader: () => leader,
    onLost(fn) {
      lostHandler = fn;
    },
    async release() {
      stopped = true;
      // Released while still waiting: its connection closes now, not after the poll's sleep.
      wake();
      await waiting?.end().catch(() => undefined);
      await release();
    },
  };
}

function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}
