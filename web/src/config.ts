/** Outside links; override at build time with VITE_* variables. */
export const LINKS = {
  googlePlay: import.meta.env.VITE_GOOGLE_PLAY_URL ?? "https://play.google.com/store/apps",
  appStore: import.meta.env.VITE_APP_STORE_URL ?? "https://apps.apple.com/kr/",
  market: import.meta.env.VITE_MARKET_URL ?? "https://market.krwvoucher.kr",
} as const;

/** Notices, FAQ and inquiries: rows per server page. */
export const BOARD_PAGE_SIZE = 10;
/** Address book: rows per client-side page. */
export const FAVORITE_PAGE_SIZE = 10;
/** The landing QR badge shows after this much scroll (px). */
export const QR_BADGE_SCROLL = 1080;
