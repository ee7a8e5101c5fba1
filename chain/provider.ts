import { ethers } from "ethers";

export function makeProvider(rpcUrl: string): ethers.JsonRpcProvider {
  // cacheTimeout -1: ethers' 250 ms cache would hand out stale nonces against an instantly mining node.
  // staticNetwork stays off: with it on, a node killed under traffic (RPC_URL) left ethers rejections nobody
  // handles (reliability test "kill -9 of the chain node"). The relayer's hot path uses raw `send` calls,
  // which do not ask eth_chainId; the sender reads the chain id once.
  return new NodeJsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1, staticNetwork: false, batchMaxCount: 1 });
}

/**
 * ethers' JSON-RPC provider with the request and answer bodies converted by Node's native UTF-8 (Buffer) instead
 * of ethers' JavaScript one, which walks a string a code point at a time: a batch's eth_sendRawTransaction
 * (~100 KB of hex) and its eth_getLogs answer cost ~14 ms each that way, well under 1 ms this way. Everything
 * else (the connection, timeouts, errors) is ethers' own.
 */
class NodeJsonRpcProvider extends ethers.JsonRpcProvider {
  override async _send(payload: ethers.JsonRpcPayload | ethers.JsonRpcPayload[]): Promise<ethers.JsonRpcResult[]> {
    const request = this._getConnection();
    request.body = Buffer.from(JSON.stringify(payload), "utf8");
    request.setHeader("content-type", "application/json");
    const response = await request.send();
    response.assertOk();
    const body = response.body;
    const answer = body ? JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8")) : null;
    return Array.isArray(answer) ? answer : [answer];
  }
}
