/**
 * How a builder list is searched and sorted, wherever it is paged: by the server
 * (server/items/listPage.ts) or in the browser over the whole list (src/engine/list/localPages.ts),
 * which must answer the same pages (spec part 1 §9 tables; issue 20 point 2).
 */

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A value a sort puts last, whatever the direction. */
export const missingListValue = (value: unknown) => value === null || value === undefined || value === '';

/** Orders two present values of one field: text by an 'en' collator ignoring case with numbers in order, others by their order. */
export function compareListValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** What a search looks for: trimmed, lower case; empty for no search. */
export const searchNeedle = (search: string | undefined) => (search ?? '').trim().toLowerCase();

/** Whether one field's value holds the needle (case-insensitive substring; only text is searched). */
export const fieldHolds = (value: unknown, needle: string) =>
  typeof value === 'string' && value.toLowerCase().includes(needle);
