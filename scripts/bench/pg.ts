/**
 * A throw-away PostgreSQL cluster for a bench section, made the way scripts/with-pg.sh makes the tests' one:
 * Debian's postgresql (installed with apt-get when missing), initdb in a temp dir as the postgres user,
 * a spare 127.0.0.1 port, fsync off; stopped and deleted by stop(). DATABASE_URL, when set, is used instead.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface ThrowawayPg {
  url: string;
  stop(): void;
}

function bindir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], "bin") : null;
}

const sparePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Starts the cluster, or answers why it cannot (the caller prints it and skips its PostgreSQL rows). */
export async function startThrowawayPg(): Promise<ThrowawayPg | string> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => undefined };
  let bin = bindir();
  if (!bin) {
    const r = spawnSync(
      "bash",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null"],
      { stdio: "inherit" },
    );
    bin = bindir();
    if (r.status !== 0 || !bin) return "postgresql is not installed and apt-get could not install it";
  }
  const root = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]) =>
    root ? execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "pipe" }) : execFileSync(cmd, args, { stdio: "pipe" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-pg-"));
  fs.chmodSync(dir, 0o755);
  if (root) execFileSync("chown", ["postgres", dir]);
  const port = await sparePort();
  const data = path.join(dir, "data");
  const stop = () => {
    try {
      asPg(path.join(bin!, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPg(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=512MB -c maintenance_work_mem=256MB -c max_wal_size=4GB`;
    asPg(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", opts, "start"]);
  } catch (err) {
    stop();
    return `the PostgreSQL cluster did not start: ${(err as Error).message.split("\n")[0]}`;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
