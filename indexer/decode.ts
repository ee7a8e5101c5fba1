import { ethers } from "ethers";
import type { BlockRow, TokenEventKind, TokenEventRow, TransactionRow, TransferKind, TransferRow } from "./db";
import type { RpcBlock, RpcLog, RpcReceipt, RpcTransaction } from "./rpc";
import { fromHex } from "./rpc";
import { nonceHex } from "../chain/eip712";
import { abiTables, addr, type ParsedLog } from "./abi-tables";
import { gasFeeOf } from "./schema";

/**
 * Pure decoding of one block range: raw blocks, the token's logs and the receipts of the
 * transactions that touched the token become the rows chain.db stores. No I/O here.
 */

export interface AuthorizationOutcome {
  authorizer: string;
  /** The uint256 bitmap nonce as 0x-prefixed 32-byte hex, the form the outbox stores. */
  nonce: string;
  txHash: string;
  blockNumber: number;
  ok: boolean;
  /** Why it failed: the decoded custom error (`ERC20InsufficientBalance(0x…, 100, 300)`) or `reverted`. */
  reason?: string;
  /** The item's position when it came in a batch. */
  index?: number;
}

export interface DecodedRange {
  blocks: BlockRow[];
  transactions: TransactionRow[];
  transfers: TransferRow[];
  tokenEvents: TokenEventRow[];
  authorizations: AuthorizationOutcome[];
  /** The fee collector after this range (changed by FeeCollectorChanged). */
  feeCollector: string | null;
}

export interface DecodeInput {
  token: string;
  iface: ethers.Interface;
  blocks: RpcBlock[];
  logs: RpcLog[];
  /** Transactions that touched the token, in chain order, with their receipts. */
  txs: { tx: RpcTransaction; receipt: RpcReceipt }[];
  /** The fee collector before this range, if known. */
  feeCollector: string | null;
}

const ZERO = ethers.ZeroAddress;
const ROLE_NAMES = new Map<string, string>(
  ["MINTER_ROLE", "MASTER_MINTER_ROLE", "BURNER_ROLE", "BLOCKER_ROLE", "PAUSER_ROLE", "RELAYER_ROLE"].map((r) => [ethers.id(r), r]),
);
ROLE_NAMES.set(ethers.ZeroHash, "DEFAULT_ADMIN_ROLE");

export function methodOf(iface: ethers.Interface, token: string, tx: RpcTransaction, receipt: RpcReceipt): string | null {
  if (tx.to === null) return receipt.contractAddress && addr(receipt.contractAddress) === token ? "constructor" : null;
  if (addr(tx.to) !== token || tx.input.length < 10) return null;
  return abiTables(iface).functionBySelector.get(tx.input.slice(0, 10).toLowerCase())?.name ?? null;
}

/** A revert payload as text: `Name(arg, …)` for the token's custom errors and Error(string), else the hex. */
export function describeRevert(iface: ethers.Interface, data: string): string {
  if (!data || data === "0x") return "reverted";
  try {
    const known = abiTables(iface).describeStaticError(data);
    if (known) return known;
    const fragment = abiTables(iface).errorBySelector.get(data.slice(0, 10).toLowerCase());
    if (fragment) return `${fragment.name}(${iface.decodeErrorResult(fragment, data).toArray().map(String).join(", ")})`;
    // Error(string), Panic(uint256): ethers knows them.
    const parsed = iface.parseError(data);
    if (parsed) return `${parsed.name}(${parsed.args.toArray().map(String).join(", ")})`;
  } catch {
    // not decodable: fall through to the raw bytes
  }
  return data;
}

/** The authorizations a reverted call to the token carried: each of them failed as a whole. */
function revertedAuthorizations(iface: ethers.Interface, tx: RpcTransaction, blockNumber: number): AuthorizationOutcome[] {
  const fragment = abiTables(iface).functionBySelector.get(tx.input.slice(0, 10).toLowerCase());
  if (!fragment || (fragment.name !== "transferWithAuthorization" && fragment.name !== "batchTransferWithAuthorization")) return [];
  let args: ethers.Result;
  try {
    args = iface.decodeFunctionData(fragment, tx.input);
  } catch {
    return [];
  }
  const base = { txHash: tx.hash, blockNumber, ok: false, reason: "reverted" };
  if (fragment.name === "transferWithAuthorization") {
    return [{ ...base, authorizer: addr(args[0]), nonce: nonceHex(args[6]) }];
  }
  return (args[0] as ethers.Result[]).map((a, index) => ({ ...base, authorizer: addr(a[0]), nonce: nonceHex(a[6]), index }));
}

export function decodeRange(input: DecodeInput): DecodedRange {
  const { token, iface } = input;
  const timeOf = new Map<number, number>(input.blocks.map((b) => [fromHex(b.number), fromHex(b.timestamp)]));
  const blocks: BlockRow[] = input.blocks.map((b) => ({
    number: fromHex(b.number),
    hash: b.hash,
    parent_hash: b.parentHash,
    timestamp: fromHex(b.timestamp),
  }));

  const transactions: TransactionRow[] = [];
  const authorizations: AuthorizationOutcome[] = [];
  for (const { tx, receipt } of input.txs) {
    const blockNumber = fromHex(receipt.blockNumber);
    const status = fromHex(receipt.status);
    transactions.push({
      hash: tx.hash,
      block_number: blockNumber,
      tx_index: fromHex(tx.transactionIndex),
      from: addr(tx.from),
      to: tx.to ? addr(tx.to) : null,
      status,
      gas_used: BigInt(receipt.gasUsed).toString(),
      gas_price: BigInt(receipt.effectiveGasPrice ?? tx.gasPrice ?? "0x0").toString(),
      method: methodOf(iface, token, tx, receipt),
      value: BigInt(tx.value).toString(),
      timestamp: timeOf.get(blockNumber) ?? 0,
    });
    if (status === 0 && tx.to && addr(tx.to) === token) authorizations.push(...revertedAuthorizations(iface, tx, blockNumber));
  }

  const feeOfTx = new Map(transactions.map((t) => [t.hash, gasFeeOf(t).toString()]));
  const transfers: TransferRow[] = [];
  const tokenEvents: TokenEventRow[] = [];
  let feeCollector = input.feeCollector;

  // Logs grouped per transaction, in log order: a fee transfer is recognised from the TransferWithFee after it.
  const abi = abiTables(iface);
  const byTx = new Map<string, { log: RpcLog; parsed: ParsedLog }[]>();
  for (const log of input.logs) {
    const parsed = abi.parseLog(log.topics, log.data);
    if (!parsed) continue;
    const list = byTx.get(log.transactionHash) ?? [];
    list.push({ log, parsed });
    byTx.set(log.transactionHash, list);
  }

  for (const [txHash, entries] of byTx) {
    entries.sort((a, b) => fromHex(a.log.logIndex) - fromHex(b.log.logIndex));
    const feeLogIndexes = new Set<number>();
    const collectorAt: (string | null)[] = [];
    // First pass: follow the fee collector through the tx, find each TransferWithFee's fee Transfer.
    for (let i = 0; i < entries.length; i++) {
      const { parsed } = entries[i];
      if (parsed.name === "FeeCollectorChanged") feeCollector = addr(parsed.args[1]);
      collectorAt[i] = feeCollector;
      if (parsed.name !== "TransferWithFee") continue;
      const from = addr(parsed.args[0]);
      const fee = BigInt(parsed.args[3]);
      if (fee === 0n) continue;
      for (let j = i - 1; j >= 0; j--) {
        const t = entries[j].parsed;
        if (t.name !== "Transfer") continue;
        const idx = fromHex(entries[j].log.logIndex);
        if (feeLogIndexes.has(idx)) break;
        const collector = collectorAt[j];
        if (addr(t.args[0]) === from && BigInt(t.args[2]) === fee && (collector === null || addr(t.args[1]) === collector)) {
          feeLogIndexes.add(idx);
          break;
        }
      }
    }

    for (let i = 0; i < entries.length; i++) {
      const { log, parsed } = entries[i];
      const blockNumber = fromHex(log.blockNumber);
      const logIndex = fromHex(log.logIndex);
      const timestamp = timeOf.get(blockNumber) ?? 0;
      const a = parsed.args;
      if (parsed.name === "Transfer") {
        const from = addr(a[0]);
        const to = addr(a[1]);
        const kind: TransferKind = feeLogIndexes.has(logIndex) ? "fee" : from === ZERO ? "mint" : to === ZERO ? "burn" : "transfer";
        transfers.push({
          tx_hash: txHash,
          log_index: logIndex,
          block_number: blockNumber,
          from,
          to,
          value: BigInt(a[2]).toString(),
          kind,
          timestamp,
          gas_fee: feeOfTx.get(txHash) ?? null,
        });
        continue;
      }
      const ev = (kind: TokenEventKind, f: Partial<Pick<TokenEventRow, "actor" | "account" | "nonce" | "amount">>, data?: object): void => {
        tokenEvents.push({
          block_number: blockNumber,
          tx_hash: txHash,
          log_index: logIndex,
          kind,
          actor: f.actor ?? null,
          account: f.account ?? null,
          nonce: f.nonce ?? null,
          amount: f.amount ?? null,
          data: data ? JSON.stringify(data) : null,
          timestamp,
        });
      };
      switch (parsed.name) {
        case "Minted":
          ev("mint", { actor: addr(a[0]), account: addr(a[1]), amount: BigInt(a[2]).toString() });
          break;
        case "Burned":
          ev("burn", { actor: addr(a[0]), account: addr(a[1]), amount: BigInt(a[2]).toString() });
          break;
        case "Blocked":
          ev("block", { actor: addr(a[0]), account: addr(a[1]) });
          break;
        case "Unblocked":
          ev("unblock", { actor: addr(a[0]), account: addr(a[1]) });
          break;
        case "TransferWithFee": {
          // The contract's record of a used authorization: what it moved, under which nonce.
          const from = addr(a[0]);
          const nonce = nonceHex(a[4]);
          const detail = { to: addr(a[1]), value: BigInt(a[2]).toString(), fee: BigInt(a[3]).toString() };
          ev("auth_used", { account: from, nonce, amount: detail.value }, detail);
          authorizations.push({ authorizer: from, nonce, txHash, blockNumber, ok: true });
          break;
        }
        case "AuthorizationCanceled":
          ev("auth_canceled", { account: addr(a[0]), nonce: nonceHex(a[1]) });
          break;
        case "AuthorizationFailed": {
          const index = Number(a[0]);
          const reason = describeRevert(iface, a[3]);
          const nonce = nonceHex(a[2]);
          ev("auth_failed", { account: addr(a[1]), nonce }, { index, reason, revertData: a[3] });
          authorizations.push({ authorizer: addr(a[1]), nonce, txHash, blockNumber, ok: false, reason, index });
          break;
        }
        case "FeeCollectorChanged":
          ev("fee_collector", { account: addr(a[1]) }, { previous: addr(a[0]) });
          break;
        case "Paused":
          ev("paused", { actor: addr(a[0]) });
          break;
        case "Unpaused":
          ev("unpaused", { actor: addr(a[0]) });
          break;
        case "RoleGranted":
        case "RoleRevoked":
          ev(
            parsed.name === "RoleGranted" ? "role_granted" : "role_revoked",
            { actor: addr(a[2]), account: addr(a[1]) },
            {
              role: ROLE_NAMES.get(a[0]) ?? a[0],
            },
          );
          break;
        default:
          // Approval, EIP712DomainChanged, RoleAdminChanged, and the minter allowance events (MinterConfigured,
          // MinterAllowanceIncreased, MinterRemoved: the back-office that reads them comes with allowance management).
          break;
      }
    }
  }

  transfers.sort((x, y) => x.block_number - y.block_number || x.log_index - y.log_index);
  tokenEvents.sort((x, y) => x.block_number - y.block_number || x.log_index - y.log_index);
  return { blocks, transactions, transfers, tokenEvents, authorizations, feeCollector };
}
