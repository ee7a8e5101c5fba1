/**
 * The bank-account holder check (예금주 실명 확인) a refund's account goes through: a provider answers whether the
 * account exists and whether its holder is the name given (the member's verified name). Production would use a
 * bank's or a payment network's account-name inquiry; this build has the simulated one, as the identity popup has.
 */
export type HolderVerdict = "match" | "mismatch" | "notFound" | "closed";

export interface BankHolderProvider {
  readonly name: string;
  check(input: { bank: string; account: string; name: string }): Promise<HolderVerdict>;
}

/**
 * The simulated bank: an account number beginning 999 is held by someone else (홍길동), one beginning 000 does not
 * exist, one beginning 888 is closed (해지 계좌), any other is held by the name asked about. Deterministic, so tests and the e2e walk pick their case by
 * the number they type.
 */
export const SIMULATED_OTHER_HOLDER = "홍길동";
export function createSimulatedBankHolder(): BankHolderProvider {
  return {
    name: "simulated",
    async check({ account, name }) {
      if (account.startsWith("000")) return "notFound";
      if (account.startsWith("888")) return "closed";
      if (account.startsWith("999")) return name === SIMULATED_OTHER_HOLDER ? "match" : "mismatch";
      return "match";
    },
  };
}

/** The provider this process uses (one provider so far: the simulated one). */
export const bankHolder: BankHolderProvider = createSimulatedBankHolder();
