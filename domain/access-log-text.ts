import { formatDateTime } from "./format";
import { MemberPermissionLabel, MemberStateLabel } from "./state-labels";

/**
 * The personal-data access log's filter as an auditor reads it (개인정보 접근 기록 "조건"): the back-office's screen and
 * the log's xlsx (beside the recorded JSON, which stays complete and machine-readable).
 */

/** The filter fields (the request's path, query and body), as the screens call them. */
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
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function shownValue(key: string, v: unknown): string {
  if (key === "state") return MemberStateLabel[v as keyof typeof MemberStateLabel] ?? String(v);
  if (key === "permission") return MemberPermissionLabel[v as keyof typeof MemberPermissionLabel] ?? String(v);
  if (typeof v === "boolean") return v ? "예" : "아니오";
  if (typeof v === "string" && ISO_TIME.test(v)) return formatDateTime(v);
  if (Array.isArray(v)) return v.map((x) => shownValue(key, x)).join(", ");
  if (v && typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * An access log entry's filter (JSON text of what the request asked: `{"query":{"page":1,"state":"kickOut"}}`) as one
 * line: `회원 상태 = 탈퇴, 페이지 1, 페이지당 10, 정렬 번호 내림차순`. Text that is not such JSON is shown as it is.
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
  const { sortBy, sortDesc, page, perPage, ...conditions } = fields;
  const words: string[] = [];
  for (const [k, v] of Object.entries(conditions)) {
    if (v === undefined || v === null || v === "") continue;
    words.push(`${FILTER_KEYS[k] ?? k} = ${shownValue(k, v)}`);
  }
  if (page !== undefined) words.push(`페이지 ${page}`);
  if (perPage !== undefined) words.push(`페이지당 ${perPage}`);
  if (typeof sortBy === "string") words.push(`정렬 ${SORT_KEYS[sortBy] ?? sortBy} ${sortDesc === false ? "오름차순" : "내림차순"}`);
  return words.length === 0 ? "조건 없음" : words.join(", ");
}
