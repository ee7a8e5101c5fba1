import { formatWon } from "@domain/format";

/** Korean labels of the bulk actions: selection column, action bar, confirm and result (kept apart from labels.ts so branches merge cleanly). */
export const BK = {
  selectPage: "이 페이지 전체 선택",
  selectRow: "선택",
  selected: (n: number) => `${n}건 선택`,
  selectedTotal: (n: number, won: number) => `${n}건 선택 · 합계 ${formatWon(won)}원`,
  approve: "선택 승인",
  cancel: "선택 취소",
  delete: "선택 삭제",
  /** What the confirm asks to do: '…을 승인하시겠습니까?'. */
  verb: { approve: "승인", cancel: "취소", delete: "삭제" },
  /** '3건, 합계 150,000원을 승인하시겠습니까?'; without amounts '3건을 삭제하시겠습니까?'. */
  confirm: (n: number, verb: string, won?: number) =>
    won === undefined ? `${n}건을 ${verb}하시겠습니까?` : `${n}건, 합계 ${formatWon(won)}원을 ${verb}하시겠습니까?`,
  resultTitle: "처리 결과",
  summary: (done: number, refused: number, sent: number) => `성공 ${done}건 · 실패 ${refused}건${sent ? ` · 처리 중 ${sent}건` : ""}`,
  ok: "성공",
  failed: (reason: string) => `실패: ${reason}`,
  sent: (reason: string) => `처리 중: ${reason}`,
};
