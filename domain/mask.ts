/**
 * What a member may see of another person (a receipt's counterpart, a notice's sender): masked. Korean names keep
 * their first and last syllable (김민준 → 김*준, 이서 → 이*); addresses their first 6 and last 4 characters.
 */
export function maskName(name: string | null | undefined): string {
  if (!name) return "-";
  const chars = [...name];
  if (chars.length <= 1) return "*";
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export function maskAddress(address: string | null | undefined): string {
  if (!address) return "-";
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** 01012345678 → 010-****-5678. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 10 ? `${digits.slice(0, 3)}-****-${digits.slice(-4)}` : "***";
}

/** A bank account as messages and the audit show it: the bank and the last four digits (국민은행 ****3333). */
export function maskBankAccount(bank: string, account: string): string {
  return `${bank} ****${account.slice(-4)}`;
}
