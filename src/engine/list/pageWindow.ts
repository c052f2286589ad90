/** Table defaults (spec part 1 §9, part 2 §9): 20 rows per page, page 1, ascending sort by name. */
export const PAGE_SIZE = 20;

export type PageSlot = number | 'gap';

/**
 * The page buttons: first and last, and one page either side of the current (spec part 1 §9
 * 'pagination shows one page either side of the current'), with gaps between. Pages count from 1.
 */
export function pageWindow(current: number, count: number): PageSlot[] {
  if (count <= 1) return count === 1 ? [1] : [];
  const pages = new Set(
    [1, count, current - 1, current, current + 1].filter((page) => page >= 1 && page <= count),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageSlot[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) out.push('gap');
    out.push(page);
  });
  return out;
}
