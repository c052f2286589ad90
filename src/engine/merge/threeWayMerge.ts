import { absent, bookkeeping, childPath, identityOf, isPlain, type Plain } from '../../domain/diff/diffItems';

/**
 * Who changed a path since the editor loaded the item: only this editor (mine), only the save that came
 * first (theirs), both to the same value (both), or both differently (conflict).
 */
export type MergeSource = 'mine' | 'theirs' | 'both' | 'conflict';
export type MergeChoice = 'theirs' | 'mine';

/** One changed path of a three-way merge, with its three values and the side taken. */
export interface MergeEntry {
  /** Names the path within one merge (its steps as JSON): the key of a choice. */
  id: string;
  /** Readable, as the diff writes it: `Elements[Street].Type`. */
  path: string;
  source: MergeSource;
  /** Undefined where the base is not known. */
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** The side the merge takes: automatic unless chosen; null for a conflict not chosen yet. */
  choice: MergeChoice | null;
}

export interface MergeResult<T> {
  entries: MergeEntry[];
  /** The merged item; a conflict not chosen yet holds theirs until it is. */
  merged: T;
  /** Conflicts still without a choice: the merge can be saved when this is 0. */
  unresolved: number;
  /** False when the editor's starting version is unknown (a restored draft): every difference is a conflict. */
  baseKnown: boolean;
}

export interface MergeOptions {
  /** The admin's choices by entry id; they override the automatic side too. */
  choices?: Readonly<Record<string, MergeChoice>>;
  /**
   * Properties that are never a change, at any depth (the flow canvas's block Position): compared as
   * absent, merged as mine where mine has them, else theirs.
   */
  ignore?: readonly string[];
}

const UNKNOWN: unique symbol = Symbol('unknown base');
type Base = unknown;

interface Walk {
  choices: Readonly<Record<string, MergeChoice>>;
  ignore: ReadonlySet<string>;
  entries: MergeEntry[];
}

/** Equal as the diff sees it: missing, null and empty text are one, and ignored properties do not count. */
function equal(a: unknown, b: unknown, ignore: ReadonlySet<string>): boolean {
  if (a === b || (absent(a) && absent(b))) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((entry, index) => equal(entry, b[index], ignore));
  if (isPlain(a) && isPlain(b))
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
      (key) => ignore.has(key) || equal(a[key], b[key], ignore),
    );
  return false;
}

function record(
  walk: Walk,
  steps: readonly string[],
  path: string,
  source: MergeSource,
  values: { base: Base; theirs: unknown; mine: unknown },
): MergeChoice | null {
  const id = JSON.stringify(steps);
  const automatic: MergeChoice | null = source === 'mine' ? 'mine' : source === 'conflict' ? null : 'theirs';
  const choice = source === 'both' ? 'theirs' : (walk.choices[id] ?? automatic);
  walk.entries.push({
    id,
    path,
    source,
    base: values.base === UNKNOWN ? undefined : values.base,
    theirs: values.theirs,
    mine: values.mine,
    choice,
  });
  return choice;
}

const child = (base: Base, key: string): Base =>
  base === UNKNOWN ? UNKNOWN : isPlain(base) ? base[key] : undefined;

/** The merged value at one path (undefined: absent), recording the paths that changed. */
function merge(
  base: Base,
  theirs: unknown,
  mine: unknown,
  path: string,
  steps: string[],
  walk: Walk,
): unknown {
  const known = base !== UNKNOWN;
  const { ignore } = walk;
  if (known && equal(base, theirs, ignore) && equal(base, mine, ignore)) return mine;
  if (equal(theirs, mine, ignore)) {
    if (known) record(walk, steps, path, 'both', { base, theirs, mine });
    return mine;
  }
  const baseFits = (fits: (value: unknown) => boolean) => !known || absent(base) || fits(base);
  if (isPlain(theirs) && isPlain(mine) && baseFits(isPlain))
    return mergeObject(base, theirs, mine, path, steps, walk);
  if (Array.isArray(theirs) && Array.isArray(mine) && baseFits(Array.isArray)) {
    const baseList = known && Array.isArray(base) ? base : [];
    const key = identityOf(baseList, theirs, mine);
    if (key) return mergeList(known ? baseList : UNKNOWN, theirs, mine, key, path, steps, walk);
  }
  const source: MergeSource = !known
    ? 'conflict'
    : equal(base, theirs, ignore)
      ? 'mine'
      : equal(base, mine, ignore)
        ? 'theirs'
        : 'conflict';
  return record(walk, steps, path, source, { base, theirs, mine }) === 'mine' ? mine : theirs;
}

function mergeObject(base: Base, theirs: Plain, mine: Plain, path: string, steps: string[], walk: Walk) {
  const keys = new Set([
    ...Object.keys(mine),
    ...Object.keys(theirs),
    ...(isPlain(base) ? Object.keys(base) : []),
  ]);
  const out: Plain = {};
  for (const key of keys) {
    const value = walk.ignore.has(key)
      ? (mine[key] ?? theirs[key])
      : merge(child(base, key), theirs[key], mine[key], childPath(path, key), [...steps, key], walk);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function mergeList(
  base: unknown[] | typeof UNKNOWN,
  theirs: unknown[],
  mine: unknown[],
  key: string,
  path: string,
  steps: string[],
  walk: Walk,
) {
  const idOf = (entry: unknown) => String((entry as Plain)[key]);
  const byId = (list: unknown[]) => new Map(list.map((entry) => [idOf(entry), entry]));
  const baseList = base === UNKNOWN ? [] : base;
  const [old, their, my] = [byId(baseList), byId(theirs), byId(mine)];
  const merged = new Map<string, unknown>();
  for (const id of new Set([...old.keys(), ...their.keys(), ...my.keys()])) {
    const value = merge(
      base === UNKNOWN ? UNKNOWN : old.get(id),
      their.get(id),
      my.get(id),
      childPath(path, id, true),
      [...steps, `[${id}]`],
      walk,
    );
    if (value !== undefined) merged.set(id, value);
  }
  return mergeOrder(baseList.map(idOf), theirs.map(idOf), mine.map(idOf))
    .filter((id) => merged.has(id))
    .map((id) => merged.get(id));
}

/**
 * The order of a merged list: the order of the side that reordered its entries (theirs when both or
 * neither did), with the entries only the other side has placed after the entry they follow there.
 */
export function mergeOrder(base: readonly string[], theirs: readonly string[], mine: readonly string[]) {
  const reordered = (list: readonly string[]) => {
    const kept = list.filter((id) => base.includes(id));
    return base.filter((id) => list.includes(id)).some((id, index) => kept[index] !== id);
  };
  const [first, second] = reordered(mine) && !reordered(theirs) ? [mine, theirs] : [theirs, mine];
  const out = [...first];
  second.forEach((id, index) => {
    if (out.includes(id)) return;
    const before = second.slice(0, index).findLast((previous) => out.includes(previous));
    out.splice(before === undefined ? 0 : out.indexOf(before) + 1, 0, id);
  });
  return out;
}

/**
 * The three-way merge of a stale save (issue 10 point 3; spec part 1 §4 'Item life cycle'): `base` is the
 * version this editor loaded, `theirs` the version stored since, `mine` the editor's value. Each path
 * that changed is one entry: changed only by me or only by them takes that side automatically, both to
 * the same value is no conflict, both differently is a conflict that needs a choice. Choices (by entry
 * id) override any side.
 *
 * Rules: objects merge property by property. Lists whose entries all carry a distinct key (Guid, Name,
 * … — the diff's rule) merge entry by entry, so a field added in one tab and another edited in the other
 * merge cleanly; an entry removed on one side and changed on the other is a conflict. Other lists (plain
 * values, entries without a key) are one value. The server's bookkeeping (Revision, Status, dates) comes
 * from theirs, so the merge saves against their revision. A null base (not known) makes every
 * difference a conflict: nothing is taken silently.
 * @example threeWayMerge({ A: 1, B: 1 }, { A: 2, B: 1 }, { A: 1, B: 3 }).merged // { A: 2, B: 3 }
 */
export function threeWayMerge<T extends object>(
  base: T | null,
  theirs: T,
  mine: T,
  options: MergeOptions = {},
): MergeResult<T> {
  const walk: Walk = { choices: options.choices ?? {}, ignore: new Set(options.ignore), entries: [] };
  const content = (item: object) =>
    Object.fromEntries(Object.entries(item).filter(([key]) => !bookkeeping.has(key)));
  const kept = Object.fromEntries(Object.entries(theirs).filter(([key]) => bookkeeping.has(key)));
  const merged = mergeObject(
    base === null ? UNKNOWN : content(base),
    content(theirs),
    content(mine),
    '',
    [],
    walk,
  );
  return {
    entries: walk.entries,
    merged: { ...merged, ...kept } as T,
    unresolved: walk.entries.filter((entry) => entry.choice === null).length,
    baseKnown: base !== null,
  };
}
