/**
 * The personal-data access log (개인정보 접근기록; server/features/access-log/README.md): what a download must say
 * about why it is made, and how phone numbers are masked in lists.
 *
 * Sources: 개인정보의 안전성 확보조치 기준 (개인정보보호위원회 고시) 제8조 (접속기록의 보관 및 점검: 계정, 접속일시,
 * 접속지 정보, 처리한 정보주체 정보, 수행업무를 기록하고 1년 이상(5만 명 이상 등은 2년 이상) 보관, 위·변조 방지;
 * 제2항: 개인정보의 다운로드가 확인된 경우 그 사유를 반드시 확인).
 */

/** Why a file is downloaded: a short list the operator picks from; `other` needs a few words of its own. */
export const ACCESS_REASONS = {
  inquiry: "회원 문의 처리",
  settlement: "정산 업무",
  audit: "감사 대응",
  legal: "법령상 요청",
  other: "기타",
} as const;
export type AccessReason = keyof typeof ACCESS_REASONS;
export const ACCESS_REASON_CODES = Object.keys(ACCESS_REASONS) as AccessReason[];

/**
 * The request headers a download's reason travels in (not its query or body: every list's filter schema is strict,
 * and the reason is about the request, not the filter). The free text is percent-encoded (`encodeURIComponent`).
 */
export const REASON_HEADER = "x-download-reason";
export const REASON_TEXT_HEADER = "x-download-reason-text";
/** The longest free-text reason kept. */
export const REASON_TEXT_MAX = 200;

/** Whether a read shows one record (detail: full data, logged) or a list (phones masked unless the operator may unmask). */
export type PersonalDataView = "list" | "detail";

/** The header of a download's phone column; such a column is masked like a list's phones. */
export const PHONE_HEADER = "휴대폰 번호";

/** `010-****-2222`: a Korean mobile or landline number with its middle digits hidden; anything else unchanged. */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, "");
  if (d.length < 9 || d.length > 11) return value;
  const head = d.startsWith("02") ? d.slice(0, 2) : d.slice(0, 3);
  return `${head}-****-${d.slice(-4)}`;
}
