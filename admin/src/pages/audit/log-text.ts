import { formatDateTime, formatWon } from "@domain/format";
import { PROPOSAL_KIND_NAMES, type ProposalKind } from "@domain/schemas/proposals";
import { L } from "../../labels";

/**
 * The audit trail and the personal-data access log as an auditor reads them (관리 이력, 개인정보 접근 기록): Korean
 * names for every action, field and value, times in KST as the rest of the back-office shows them, amounts in won.
 * The stored records stay complete and machine-readable; only their showing is here.
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** One recorded value of field `key`, in the screens' words. */
export function showValue(key: string | null, v: unknown): string {
  if (v === null || v === undefined) return "-";
  if (typeof v === "boolean") return v ? "예" : "아니오";
  if (typeof v === "number") return key !== null && L.audit.wonKeys.includes(key) ? `${formatWon(v)}원` : String(v);
  if (typeof v === "string") {
    if (ISO_TIME.test(v)) return formatDateTime(v);
    if (key === "kind" && v in PROPOSAL_KIND_NAMES) return PROPOSAL_KIND_NAMES[v as ProposalKind];
    if (key === "flags" || key === null) return L.operator.flags[v as keyof typeof L.operator.flags] ?? L.audit.values[v] ?? v;
    return L.audit.values[v] ?? v;
  }
  if (Array.isArray(v)) return v.map((x) => showValue(key, x)).join(", ");
  if (key === "flags") {
    // An operator's flags: the granted ones by name.
    const on = Object.entries(v as Record<string, unknown>).filter(([, x]) => x === true);
    return on.length === 0 ? "없음" : on.map(([f]) => L.operator.flags[f as keyof typeof L.operator.flags] ?? f).join(", ");
  }
  return show(v);
}

/** A recorded before/after value as text: `종류: 토큰 발행, 금액: 10,000원, 요청 일시: 2026-11-29 04:50`. */
export function show(v: unknown): string {
  if (v === null || v === undefined || typeof v !== "object" || Array.isArray(v)) return showValue(null, v);
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return "-";
  return entries.map(([k, x]) => `${L.audit.keys[k] ?? k}: ${showValue(k, x)}`).join(", ");
}

export { describeFilter } from "@domain/access-log-text";
