/** The page numbers to show: at most `buttons` consecutive pages around the current one (spec §9: 7 or 5). */
export function pageWindow(page: number, totalPages: number, buttons: number): number[] {
  const last = Math.max(1, totalPages);
  const count = Math.min(buttons, last);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export const totalPagesOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));
