/** Korean labels of the dialogs both apps share. */
export const L = {
  common: { ok: "확인", cancel: "취소", close: "닫기" },
  alert: { title: "알림" },
} as const;
