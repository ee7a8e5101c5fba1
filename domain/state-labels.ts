import { Msg } from "./messages";
import { REFUND_EXPIRED_PERCENT } from "./policy/refund";

/** Korean labels of states, kinds and rules, and the result pages: the words both apps show for a record's place. */
/** Labels of a member's state and grade (both apps, the logs). */
export const MemberStateLabel = { repair: "정상", suspension: "정지", kickOut: "탈퇴" } as const;
export const MemberPermissionLabel = { user: "사용자", exchanger: "점주", manager: "관리자" } as const;

/** Labels of buy states for the user app. */
export const BuyStateLabel = { pending: Msg.buyPending, confirmed: Msg.buyConfirmed, cancelled: Msg.buyCancelled } as const;

/** Labels of settlement states (the back-office's state / exchangeAccept). */
export const SettlementStateLabel = { pending: "승인 대기", approving: "승인 대기", approved: "승인", deleted: "삭제" } as const;

/** Labels of refund states (both apps). */
export const RefundStateLabel = { requested: "환불 대기", paying: "지급 중", paid: "지급 완료", rejected: "반려", failed: "실패" } as const;
/** Labels of refund kinds. */
export const RefundKindLabel = { balance: "잔액 환불", withdrawal: "청약철회", closing: "탈퇴 환불" } as const;
/** Labels of the rule that applies to a refund (domain/policy/refund-rule.ts). */
export const RefundRuleLabel = {
  empty: "잔액 없음",
  notYet: "사용 비율 미달",
  used: "사용 비율 충족: 잔액 전액",
  expired: `유효기간 경과: 잔액의 ${REFUND_EXPIRED_PERCENT}%`,
  withdrawal: "청약철회: 구매 전액",
  notice: "변경 고지에 따른 전액 환급: 잔액 전액",
} as const;

/** Result page (type → message and button). */
export const ResultPages: Record<number, { message: string; button: string; to: string }> = {
  1: { message: "이미 가입된 회원입니다.", button: "로그인", to: "/login" },
  2: { message: "만 19세 미만은 회원가입을 할 수 없습니다.", button: "홈으로", to: "/" },
  3: { message: "유효하지 않은 요청입니다.", button: "회원가입", to: "/signup" },
  4: { message: "회원가입이 완료되었습니다.", button: "로그인", to: "/login" },
  5: { message: "비밀번호 변경이 완료되었습니다.", button: "로그인", to: "/login" },
  6: { message: "상품권 구매 신청이 완료되었습니다. 24시간 이내에 입금해 주세요.", button: "홈으로", to: "/" },
  7: { message: "상품권 선물이 완료되었습니다.", button: "홈으로", to: "/" },
  8: { message: "상품권 사용이 완료되었습니다.", button: "홈으로", to: "/" },
  9: { message: "회원 탈퇴가 완료되었습니다. 이용해 주셔서 감사합니다.", button: "홈으로", to: "/" },
  10: { message: "연결 계좌에서 충전이 완료되었습니다.", button: "홈으로", to: "/" },
  11: { message: "은행의 출금 결과를 기다리고 있습니다. 충전되면 알림으로 알려 드립니다.", button: "이용 내역", to: "/info/history?tab=1" },
};
