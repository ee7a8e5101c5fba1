import { postedUntil, refusalUntil, seoulDay, type ChangeKind } from "../../../domain/policy/change-notice";

/** The words of a change: its labels, the members' rights in one sentence, the notice members receive (README.md). */

export const CHANGE_KIND_LABEL: Record<ChangeKind, string> = { terms: "약관 변경", shop: "가맹점 축소" };
export const CHANGE_STATE_LABEL = { draft: "작성 중", posted: "고지 중", applied: "시행됨", withdrawn: "철회" } as const;

/** The last Seoul day before an instant (a right that ends as a day begins lasts through the day before). */
const dayBefore = (at: Date) => seoulDay(new Date(at.getTime() - 1));

/** What an affected member may do, in one sentence (the public list and the notices). */
export function rightsOf(kind: ChangeKind, effectiveDate: string): string {
  const full = `${dayBefore(postedUntil(effectiveDate))}까지 잔액 전액 환급(차감 없음)을 신청할 수 있습니다.`;
  if (kind === "shop") return `이 가맹점을 이용한 회원은 ${full}`;
  return `변경에 동의하지 않으면 ${dayBefore(refusalUntil(effectiveDate))}까지 회원 탈퇴로 계약을 해지하고 잔액 전액을 환급받을 수 있습니다. 그때까지 이의가 없으면 변경에 동의한 것으로 봅니다. 모든 회원은 ${full}`;
}

/** The notice a concerned member receives (notification centre and message): what changes, when, and the rights. */
export function noticeBody(c: {
  kind: ChangeKind;
  title: string;
  summary: string;
  effective_date: string;
  merchant_name: string | null;
}): string {
  const what =
    c.kind === "shop"
      ? `${c.merchant_name ?? "가맹점"}이(가) ${c.effective_date}부터 사용처에서 제외됩니다.`
      : `이용약관이 ${c.effective_date}부터 변경됩니다.`;
  return `${c.title}\n${what}\n${c.summary}\n${rightsOf(c.kind, c.effective_date)}`;
}
