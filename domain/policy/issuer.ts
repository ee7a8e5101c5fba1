/**
 * The issuer's legal thresholds (issue 53): 전자금융거래법 as amended (시행 2024-09-15). A prepaid-means issuer
 * (선불전자지급수단 발행·관리업) must register with the Financial Services Commission once it passes either bound;
 * below both it may operate unregistered. Counsel confirms the values; a change is one line here.
 */

/** Outstanding balance (발행잔액) at which registration is required: 30억원. Source: 전자금융거래법 시행령 (2024-09-15 시행), 선불업 등록 면제 기준. */
export const REGISTRATION_OUTSTANDING_WON = 3_000_000_000;

/** Yearly issuance (연간 총발행액, trailing 365 days) at which registration is required: 500억원. Source: as above. */
export const REGISTRATION_YEARLY_ISSUANCE_WON = 50_000_000_000;

/** Operators are warned at these shares (percent) of either threshold (realtime and on the main screen). */
export const THRESHOLD_WARN_PERCENTS = [80, 100] as const;
