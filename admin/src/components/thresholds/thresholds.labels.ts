/** Korean labels of the registration-threshold card (dashboard) and banner (home); issue 53. */
export const TH = {
  title: "등록 기준 (선불업)",
  /** The badge of each level reached (domain/policy/issuer.ts THRESHOLD_WARN_PERCENTS). */
  levels: { 0: "여유", 80: "80% 도달", 100: "기준 초과: 등록 필요" },
  registration: "등록 상태",
  asOf: (at: string) => `기준 시각 ${at} (서울)`,
  stale: "최신 수치를 계산하지 못해 마지막으로 확인된 수치를 표시합니다.",
  law: "전자금융거래법(2024-09-15 시행)에 따라 발행잔액이나 최근 1년 발행액이 기준에 이르면 금융위원회에 선불업 등록이 필요합니다. 80%와 100%에서 알림을 보냅니다.",
  /** The progress bar's accessible name. */
  bar: (label: string, percent: string) => `${label}: 등록 기준의 ${percent}%`,
  /** One line reaching a warning level, as the home banner says it. */
  reached: (label: string, particle: string, percent: string, value: string, threshold: string) =>
    `${label}${particle} 등록 기준의 ${percent}%에 이르렀습니다 (${value}원 / ${threshold}원)`,
  bannerTitle: { 80: "선불업 등록 기준에 가까워졌습니다", 100: "선불업 등록 기준을 넘었습니다: 등록이 필요합니다" },
  view: "대시보드에서 보기",
} as const;
