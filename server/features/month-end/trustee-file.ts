import { badRequest } from "../../http/errors";
import { Msg } from "../../../domain/messages";
import { cutoffBalances, type MonthEndDeps } from "./cutoff.service";
import { cutoffById } from "./month-end.repo";
import { toCsv } from "./pack-sections";
import { signedZip, type ListedFile } from "./pack";

/**
 * The trustee's refund file (관리기관 지급 자료, issue 53): if the issuer fails, the managing institution pays members
 * first from the safeguarded money, from the issuer's data (전자금융거래법 as amended, 시행 2024-09-15). For a cut-off:
 * per customer wallet with a balance at its block — the wallet, the balance, the member's name and phone (to reach them,
 * as the law needs), the refund account on file (the last refund's, else the linked account, masked as the link keeps
 * it) — signed like the month-end pack (manifest with each file's SHA-256, the audit key's EIP-191 signature), so
 * `npm run verify-pack` checks it, balances against the chain included. Made only by super admins, with a reason,
 * in the personal-data access log.
 */
export interface TrusteeManifest {
  format: "krw-voucher-trustee-file/1";
  label: string;
  chainId: number;
  token: string;
  cutoff: { at: string; block: number; hash: string; time: number };
  totals: { customers: string; members: number };
  merkle: { root: string; rootTxHash: string | null };
  signer: string;
  files: ListedFile[];
}

export async function buildTrusteeFile(d: MonthEndDeps, id: number): Promise<{ zip: Buffer; name: string; rows: number }> {
  const c = await cutoffById(d.db, id);
  if (!c) throw badRequest(Msg.cutoffNotFound);
  const customers = (await cutoffBalances(d.db, id)).filter((h) => h.class === "member" && h.balance > 0n);
  const addresses = customers.map((h) => h.address);
  const people =
    addresses.length === 0
      ? []
      : await d.db
          .selectFrom("wallets as w")
          .innerJoin("members as m", "m.id", "w.member_id")
          .select(["w.address", "m.id", "m.username", "m.phonenumber", "m.closed_at"])
          .where("w.address", "in", addresses)
          .execute();
  const byAddress = new Map(people.map((p) => [p.address, p]));
  const ids = people.map((p) => Number(p.id));
  const refunds =
    ids.length === 0
      ? []
      : await d.db
          .selectFrom("refund_orders")
          .select(["member_id", "bank_name", "bank_account", "holder_name", "id"])
          .where("member_id", "in", ids)
          .orderBy("id")
          .execute();
  const linked =
    ids.length === 0
      ? []
      : await d.db
          .selectFrom("linked_accounts")
          .select(["member_id", "bank_name", "account_masked"])
          .where("member_id", "in", ids)
          .where("removed_at", "is", null)
          .execute();
  const refundOf = new Map(refunds.map((r) => [Number(r.member_id), r]));
  const linkedOf = new Map(linked.map((l) => [Number(l.member_id), l]));

  const rows = customers.map((h) => {
    const p = byAddress.get(h.address);
    const refund = p ? refundOf.get(Number(p.id)) : undefined;
    const link = p ? linkedOf.get(Number(p.id)) : undefined;
    const account = refund
      ? [refund.bank_name, refund.bank_account, refund.holder_name, "환불 신청 계좌"]
      : link
        ? [link.bank_name, link.account_masked, p?.username ?? "", "연결 계좌 (마스킹)"]
        : ["", "", "", "없음"];
    return [h.address, h.balance.toString(), p?.username ?? "", p && !p.closed_at ? p.phonenumber : "", ...account];
  });
  const files = [
    {
      name: "members.csv",
      body: Buffer.from(
        toCsv({
          header: ["wallet", "balance_won", "name", "phone", "bank", "account", "holder", "account_source"],
          rows,
        }),
        "utf8",
      ),
    },
  ];
  const { zip } = await signedZip(
    d,
    files,
    (signer, listed): TrusteeManifest => ({
      format: "krw-voucher-trustee-file/1",
      label: c.label,
      chainId: d.deployment.chainId,
      token: d.deployment.token,
      cutoff: { at: c.at_time, block: Number(c.block_number), hash: c.block_hash, time: Number(c.block_time) },
      totals: { customers: customers.reduce((s, h) => s + h.balance, 0n).toString(), members: rows.length },
      merkle: { root: c.merkle_root, rootTxHash: c.root_tx_hash },
      signer,
      files: listed,
    }),
  );
  return { zip, name: `trustee-refund-file-${c.label}-block-${c.block_number}.zip`, rows: rows.length };
}
