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

/** The access log's filter fields (the request's path, query and body), as the screens call them. */
const FILTER_KEYS: Record<string, string> = {
  page: "페이지",
  perPage: "페이지당",
  sortBy: "정렬 기준",
  state: "회원 상태",
  permission: "회원 등급",
  keyword: "검색어",
  type: "구분",
  from: "시작",
  to: "끝",
  start: "시작",
  end: "끝",
  id: "번호",
  address: "지갑 주소",
  phone: "휴대폰 번호",
  name: "이름",
  adminLoginId: "관리자",
  screen: "화면",
  action: "작업",
  kind: "종류",
  at: "기준 시점",
};
/** Sort columns of the big lists. */
const SORT_KEYS: Record<string, string> = { id: "번호", createdAt: "일시", value: "금액", balance: "잔액", username: "이름" };

/**
 * An access log entry's filter (JSON text of what the request asked: `{"query":{"page":1,"state":"kickOut"}}`) as
 * one line: `회원 상태 = 탈퇴, 페이지 1, 페이지당 10, 정렬 번호 내림차순`. Text that is not such JSON is shown as it is.
 */
export function describeFilter(filter: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    return filter;
  }
  if (!parsed || typeof parsed !== "object") return filter;
  const fields: Record<string, unknown> = {};
  for (const part of Object.values(parsed as Record<string, unknown>))
    if (part && typeof part === "object" && !Array.isArray(part)) Object.assign(fields, part);
  const words: string[] = [];
  const sortBy = fields.sortBy;
  const sortDesc = fields.sortDesc;
  delete fields.sortBy;
  delete fields.sortDesc;
  // Conditions first, then paging and sort.
  const paging = ["page", "perPage"];
  for (const [k, v] of Object.entries(fields)) {
    if (paging.includes(k) || v === undefined || v === null || v === "") continue;
    const value =
      k === "state"
        ? (L.member.states[v as keyof typeof L.member.states] ?? String(v))
        : k === "permission"
          ? (L.member.permissions[v as keyof typeof L.member.permissions] ?? String(v))
          : showValue(k, v);
    words.push(`${FILTER_KEYS[k] ?? k} = ${value}`);
  }
  if (fields.page !== undefined) words.push(`페이지 ${fields.page}`);
  if (fields.perPage !== undefined) words.push(`페이지당 ${fields.perPage}`);
  if (typeof sortBy === "string") words.push(`정렬 ${SORT_KEYS[sortBy] ?? sortBy} ${sortDesc === false ? "오름차순" : "내림차순"}`);
  return words.length === 0 ? "조건 없음" : words.join(", ");
}
