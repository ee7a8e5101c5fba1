/**
 * A small remote signer for tests: an HTTP JSON-RPC server on 127.0.0.1 (a free port) speaking the part of
 * Web3Signer's Ethereum API the project uses (`eth_accounts`, `eth_signTransaction`), holding keys and signing with
 * ethers, as an HSM- or KMS-backed Web3Signer would. Run as its own process (`startRemoteSigner`): the keys arrive
 * on its standard input, never on its command line or in its environment, and it never writes them anywhere; it
 * prints one line, `{"url": …}`, once it listens, and a line per signing (method, account, nonce: no key, no digest).
 *
 *   tsx chain/test-remote-signer.ts   (stdin: {"chainId": 31337, "keys": ["0x…", …]})
 */
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ethers } from "ethers";

interface SignRequest {
  from: string;
  to?: string | null;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  nonce: string;
  value?: string;
  data?: string;
}

/** Serves the signer in this process (the child's main; also usable in-process). */
export function serveRemoteSigner(chainId: number, keys: string[], log: (line: string) => void = () => undefined): Promise<http.Server> {
  const wallets = new Map(keys.map((k) => new ethers.Wallet(k)).map((w) => [w.address.toLowerCase(), w]));
  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    if (method === "eth_accounts") return [...wallets.values()].map((w) => w.address);
    if (method === "eth_signTransaction") {
      const tx = params[0] as SignRequest;
      const wallet = wallets.get(String(tx?.from ?? "").toLowerCase());
      if (!wallet) throw Object.assign(new Error("no key for that account"), { code: -32000 });
      log(JSON.stringify({ signed: "eth_signTransaction", from: wallet.address, nonce: Number(tx.nonce) }));
      return wallet.signTransaction({
        type: 2,
        chainId,
        nonce: Number(tx.nonce),
        to: tx.to ?? null,
        gasLimit: BigInt(tx.gas),
        maxFeePerGas: BigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
        value: BigInt(tx.value ?? 0),
        data: tx.data ?? "0x",
      });
    }
    throw Object.assign(new Error(`method ${method} not supported`), { code: -32601 });
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let id: unknown = null;
      void (async () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: unknown; method: string; params?: unknown[] };
          id = body.id ?? null;
          const result = await answer(body.method, body.params ?? []);
          return { jsonrpc: "2.0", id, result };
        } catch (err) {
          const e = err as { code?: number; message: string };
          return { jsonrpc: "2.0", id, error: { code: e.code ?? -32603, message: e.message } };
        }
      })().then((out) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(out));
      });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export interface RemoteSignerProcess {
  url: string;
  /** Everything the process wrote (stdout and stderr), for tests that check it never shows a key. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the signer as a child process (tsx), handing it the keys on stdin; resolves once it listens. */
export function startRemoteSigner(chainId: number, keys: string[]): Promise<RemoteSignerProcess> {
  const tsx = path.resolve(__dirname, "../node_modules/.bin/tsx");
  const child: ChildProcess = spawn(tsx, [__filename], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  return new Promise((resolve, reject) => {
    const fail = (e: Error) => reject(e);
    child.once("error", fail);
    child.once("exit", (code) => reject(new Error(`remote signer exited (${code}): ${out.slice(-500)}`)));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = out.match(/\{"url":"([^"]+)"\}/);
      if (!m) return;
      child.removeAllListeners("exit");
      resolve({
        url: m[1],
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.stdin!.end(JSON.stringify({ chainId, keys }));
  });
}

// The child's main: keys from stdin, then serve.
if (require.main === module) {
  const chunks: Buffer[] = [];
  process.stdin.on("data", (c: Buffer) => chunks.push(c));
  process.stdin.on("end", async () => {
    const { chainId, keys } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { chainId: number; keys: string[] };
    const server = await serveRemoteSigner(chainId, keys, (line) => console.log(line));
    const { port } = server.address() as { port: number };
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
    // Ends with its parent (a killed test run leaves no signer behind).
    process.stdin.resume();
    const stop = () => server.close(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("disconnect", stop);
    setInterval(() => {
      try {
        process.kill(process.ppid, 0);
      } catch {
        stop();
      }
    }, 1_000).unref();
  });
}
