import type { Response, Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { dashboardApi as api } from "../../../domain/api/dashboard";
import { monthEndApi } from "../../../domain/api/month-end";
import { rateLimit } from "../../http/rate-limit";
import { Msg } from "../../../domain/messages";

/**
 * Read-only JSON-RPC methods an auditor's client may send to the node (the admin app verifies the index
 * against the chain with viem through this proxy). Everything else — sending or signing transactions,
 * filters and subscriptions that keep state on the node, and every `hardhat_*`, `evm_*`, `debug_*`,
 * `personal_*`, `admin_*` method — is refused.
 */
export const RPC_READ_METHODS = new Set([
  "eth_chainId",
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getTransactionCount",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_call",
  "eth_estimateGas",
  "eth_getLogs",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_syncing",
  "net_version",
]);
export const RPC_MAX_BATCH = 20;

interface RpcRequest {
  jsonrpc: "2.0";
  id: number | string | null;
  method: string;
  params?: unknown[];
}

const isRequest = (v: unknown): v is RpcRequest =>
  typeof v === "object" &&
  v !== null &&
  (v as RpcRequest).jsonrpc === "2.0" &&
  typeof (v as RpcRequest).method === "string" &&
  ((v as RpcRequest).params === undefined || Array.isArray((v as RpcRequest).params));

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: "2.0", id: id ?? null, error: { code, message } });

/** The few reads a public page needs to check a published root (issue 37): the chain, and a transaction by hash. */
export const RPC_PUBLIC_METHODS = new Set(["eth_chainId", "eth_blockNumber", "eth_getTransactionByHash", "eth_getTransactionReceipt"]);

/** Forwards a JSON-RPC request or batch to the node when every method is in `allowed`; answers JSON-RPC errors otherwise. */
export async function forwardRpc(ctx: AppContext, allowed: Set<string>, body: unknown, res: Response): Promise<void> {
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0 || !items.every(isRequest)) {
    res.status(400).json(rpcError(null, -32600, Msg.rpcBadRequest));
    return;
  }
  if (items.length > RPC_MAX_BATCH) {
    res.status(413).json(rpcError(null, -32600, `${Msg.rpcBatchTooLarge} (최대 ${RPC_MAX_BATCH}건)`));
    return;
  }
  // One refused method refuses the whole batch: nothing of it reaches the node.
  const refused = items.find((i) => !allowed.has(i.method));
  if (refused) {
    const error = rpcError(refused.id, -32601, `${Msg.rpcMethodRefused}: ${refused.method}`);
    res
      .status(403)
      .json(
        Array.isArray(body)
          ? items.map((i) => (i === refused ? error : rpcError(i.id, -32601, `${Msg.rpcMethodRefused}: ${refused.method}`)))
          : error,
      );
    return;
  }
  const upstream = await fetch(ctx.chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      Array.isArray(body)
        ? items.map(({ jsonrpc, id, method, params }) => ({ jsonrpc, id, method, params }))
        : { jsonrpc: items[0].jsonrpc, id: items[0].id, method: items[0].method, params: items[0].params },
    ),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!upstream) {
    res.status(503).json(rpcError(items[0].id, -32603, Msg.chainUnavailable));
    return;
  }
  res
    .status(upstream.status === 200 ? 200 : 502)
    .type("application/json")
    .send(await upstream.text());
}

/** `POST /api/rpc`: a JSON-RPC request or batch, forwarded to the node when every method is a read. */
export function rpcProxyRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.rpcProxy, async (_in, req, res) => forwardRpc(ctx, RPC_READ_METHODS, req.body, res));
  // Anyone's proof check (the member app’s /verify-proof): only the reads that fetch a published root.
  handle(monthEndApi.verifyRpc, { pre: [rateLimit(ctx, { windowMs: 60_000, max: 120, per: "ip" })] }, async (_in, req, res) =>
    forwardRpc(ctx, RPC_PUBLIC_METHODS, req.body, res),
  );
  return router;
}
