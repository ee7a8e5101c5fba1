import { getAddress } from "ethers";

const MAX = 50_000;
const known = new Map<string, string>();

/**
 * ethers' getAddress (checksummed form; throws on a malformed address), remembered: checksumming hashes the
 * address with keccak, and a gift asks it of the same few addresses a dozen times. At most 50,000 spellings are
 * kept; the memory then starts over.
 */
export function checksumAddress(address: string): string {
  const hit = known.get(address);
  if (hit !== undefined) return hit;
  const sum = getAddress(address);
  if (known.size >= MAX) known.clear();
  known.set(address, sum);
  return sum;
}

/** ethers' isAddress (any case, or a right checksum), through the remembered checksums. */
export function isAddress(address: string): boolean {
  try {
    checksumAddress(address);
    return true;
  } catch {
    return false;
  }
}
