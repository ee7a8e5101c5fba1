import { ethers } from "ethers";
import { checksumAddress } from "../chain/checksum";

/**
 * What the indexer needs from the token's ABI, built once per Interface: event, function and error tables keyed
 * by topic0 and selector, with hand decoders for static words and `bytes` (ethers' parseLog, getFunction and
 * getAddress re-hash the ABI on every call), and checksummed addresses through a cache.
 */

/** Checksummed addresses through the shared bounded cache (chain/checksum.ts): a token's logs name the same few addresses over and over. */
export const addr = checksumAddress;

/** A decoded log: the event's name and its arguments in ABI order, as ethers' parseLog gives them. */
export interface ParsedLog {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  args: any[];
}

/**
 * The contract's ABI as lookup tables, built once: topic0 → event decoder, selector → function, selector →
 * error. ethers' parseLog/getFunction/parseError find a fragment by hashing every fragment's signature on
 * each call; these maps hash each one once.
 */
export interface AbiTables {
  iface: ethers.Interface;
  parseLog(topics: readonly string[], data: string): ParsedLog | null;
  functionBySelector: Map<string, ethers.FunctionFragment>;
  errorBySelector: Map<string, ethers.ErrorFragment>;
  /** `Name(arg, …)` of a custom error with static arguments only, or null. */
  describeStaticError(data: string): string | null;
}

const tables = new WeakMap<ethers.Interface, AbiTables>();

/** One static ABI word (32 bytes, 64 hex digits) as its JS value; undefined for a type not handled here. */
function staticWord(type: string, word: string): unknown {
  if (type === "address") return addr(`0x${word.slice(24)}`);
  if (type.startsWith("uint")) return BigInt(`0x${word}`);
  if (type === "bytes32") return `0x${word}`;
  if (type === "bool") return BigInt(`0x${word}`) !== 0n;
  return undefined;
}
/** A `bytes` value of ABI data (`hex` without 0x) whose head word holds its offset. */
function dynamicBytes(hex: string, offsetWord: string): string {
  const at = Number(BigInt(`0x${offsetWord}`)) * 2;
  if (!Number.isSafeInteger(at) || hex.length < at + 64) throw new Error("bytes offset out of range");
  const length = Number(BigInt(`0x${hex.slice(at, at + 64)}`)) * 2;
  if (!Number.isSafeInteger(length) || hex.length < at + 64 + length) throw new Error("bytes length out of range");
  return `0x${hex.slice(at + 64, at + 64 + length)}`;
}

const isStatic = (type: string) => type === "address" || type === "bool" || type === "bytes32" || /^uint\d*$/.test(type);

export function abiTables(iface: ethers.Interface): AbiTables {
  const known = tables.get(iface);
  if (known) return known;
  const coder = ethers.AbiCoder.defaultAbiCoder();
  const events = new Map<string, (topics: readonly string[], data: string) => ParsedLog>();
  iface.forEachEvent((ev) => {
    const inputs = ev.inputs;
    const indexed = inputs.filter((p) => p.indexed);
    const plain = inputs.filter((p) => !p.indexed);
    // Static words and `bytes` are read by hand; any other dynamic type goes through the ABI coder.
    // (Indexed parameters of dynamic types are stored as their hash: the token has none, kept as the topic.)
    const simple = plain.every((p) => isStatic(p.type) || p.type === "bytes");
    events.set(ev.topicHash, (topics, data) => {
      if (topics.length !== indexed.length + 1) throw new Error(`${ev.name}: ${topics.length} topics`);
      const hex = data.slice(2);
      const decodedPlain = simple ? null : coder.decode(plain, data);
      const args: unknown[] = [];
      let t = 1;
      let w = 0;
      for (const p of inputs) {
        if (p.indexed) args.push(isStatic(p.type) ? staticWord(p.type, topics[t++].slice(2)) : topics[t++]);
        else if (decodedPlain) args.push(decodedPlain[w++]);
        else {
          if (hex.length < (w + 1) * 64) throw new Error(`${ev.name}: data too short`);
          const word = hex.slice(w * 64, ++w * 64);
          args.push(p.type === "bytes" ? dynamicBytes(hex, word) : staticWord(p.type, word));
        }
      }
      return { name: ev.name, args };
    });
  });
  const functionBySelector = new Map<string, ethers.FunctionFragment>();
  iface.forEachFunction((f) => functionBySelector.set(f.selector, f));
  const errorBySelector = new Map<string, ethers.ErrorFragment>();
  iface.forEachError((e) => errorBySelector.set(e.selector, e));
  /** Errors whose arguments are all static words: decoded by hand, as ethers would print them. */
  const staticErrors = new Map<string, { name: string; types: string[] }>();
  iface.forEachError((e) => {
    if (e.inputs.every((p) => isStatic(p.type))) staticErrors.set(e.selector, { name: e.name, types: e.inputs.map((p) => p.type) });
  });
  const t: AbiTables = {
    iface,
    parseLog(topics, data) {
      const decode = topics.length > 0 ? events.get(topics[0].toLowerCase()) : undefined;
      if (!decode) return null;
      try {
        return decode(topics, data);
      } catch {
        return null;
      }
    },
    functionBySelector,
    errorBySelector,
    describeStaticError(data) {
      const e = staticErrors.get(data.slice(0, 10).toLowerCase());
      if (!e || data.length !== 10 + 64 * e.types.length) return null;
      return `${e.name}(${e.types.map((type, i) => String(staticWord(type, data.slice(10 + i * 64, 10 + (i + 1) * 64)))).join(", ")})`;
    },
  };
  tables.set(iface, t);
  return t;
}
