/** One difference between two versions of an item, at a readable path such as `Elements[Street].Type`. */
export interface FieldChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

// The pieces below are shared with the three-way merge (src/engine/merge/threeWayMerge.ts): one diff
// engine decides what a change, a list entry and a path are.

/** Fields the server keeps about an item rather than the item itself: never a change of the item. */
export const bookkeeping = new Set(['Revision', 'IsPublished', 'Status', 'Created', 'Modified', 'IsNew']);

/** Properties that name an entry of a list, tried in order, so a moved entry is not a change. */
const identities = ['Guid', 'Name', 'FieldName', 'Key', 'ActionName', 'Id'];

export type Plain = Record<string, unknown>;
export const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The property every entry of all the lists has, with distinct values in each: the lists are matched on it. */
export function identityOf(...lists: unknown[][]): string | undefined {
  const all = lists.flat();
  if (all.length === 0 || !all.every(isPlain)) return undefined;
  return identities.find((key) =>
    lists.every((list) => {
      const values = list.map((entry) => (entry as Plain)[key]);
      return (
        values.every((value) => typeof value === 'string' || typeof value === 'number') &&
        new Set(values).size === values.length
      );
    }),
  );
}

/** The readable path of a property (`Settings.Host`) or of a list entry by key or position (`Elements[Street]`). */
export const childPath = (path: string, key: string, entry = false) =>
  entry ? `${path}[${key}]` : path ? `${path}.${key}` : key;

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same(a[key], b[key]));
  }
  return false;
};

/** Missing, null and empty text are one thing: no value. */
export const absent = (value: unknown) => value === undefined || value === null || value === '';

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (same(before, after)) return;
  if (absent(before) && absent(after)) return;
  if (absent(before)) {
    out.push({ path, change: 'added', after });
    return;
  }
  if (absent(after)) {
    out.push({ path, change: 'removed', before });
    return;
  }
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const key of keys) walk(before[key], after[key], childPath(path, key), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = identityOf(before, after);
    if (key) {
      const byKey = (list: unknown[]) => new Map(list.map((entry) => [String((entry as Plain)[key]), entry]));
      const old = byKey(before);
      const now = byKey(after);
      for (const id of new Set([...old.keys(), ...now.keys()]))
        walk(old.get(id), now.get(id), childPath(path, id, true), out);
      return;
    }
    if ([...before, ...after].some((entry) => typeof entry === 'object' && entry !== null)) {
      const length = Math.max(before.length, after.length);
      for (let index = 0; index < length; index++)
        walk(before[index], after[index], childPath(path, String(index + 1), true), out);
      return;
    }
  }
  out.push({ path, change: 'changed', before, after });
}

/**
 * What changes from one version of an item to another, field by field: added, removed, or changed with
 * the old and new value. Lists of named entries (fields, elements, blocks) are matched by name or guid,
 * so reordering is no change and a renamed entry reads as one removed and one added. The server's own
 * bookkeeping (revision, status, dates) is left out. A missing `before` (never published) lists every
 * field as added.
 * @example diffItems({ Name: 'a', Size: 1 }, { Name: 'a', Size: 2 }) // [{ path: 'Size', change: 'changed', before: 1, after: 2 }]
 */
export function diffItems(
  before: object | null | undefined,
  after: object | null | undefined,
): FieldChange[] {
  const strip = (item: object | null | undefined): Plain =>
    Object.fromEntries(Object.entries(item ?? {}).filter(([key]) => !bookkeeping.has(key)));
  const out: FieldChange[] = [];
  const old = strip(before);
  const now = strip(after);
  for (const key of [...new Set([...Object.keys(old), ...Object.keys(now)])])
    walk(old[key], now[key], key, out);
  return out;
}
