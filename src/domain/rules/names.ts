/**
 * Name rules shared by every builder (spec part 1 §5 'Names in general', part 2 §5 'Names').
 * Pure functions: the forms clean input with them as the user types, the keywords of the shared Ajv
 * check with them, the server checks with them.
 */

export const MIN_NAME_LENGTH = 2;

/** How a kind of name is cleaned as it is typed. */
export type NameCleaning = 'method' | 'connection' | 'script' | 'flow' | 'nested';

const cleaners: Record<NameCleaning, (value: string) => string> = {
  // Method and connection names keep only letters, digits, underscore and space (part 1 §5).
  method: (value) => value.replace(/[^A-Za-z0-9_ ]/g, ''),
  connection: (value) => value.replace(/[^A-Za-z0-9_ ]/g, ''),
  // Script names keep letters, digits, underscore and single dots, with no leading dot (part 1 §5).
  script: (value) =>
    value
      .replace(/[^A-Za-z0-9_.]/g, '')
      .replace(/\.{2,}/g, '.')
      .replace(/^\.+/, ''),
  // Flow names: letters, digits, underscores and slashes; no leading, trailing or double slash (part 2 §5).
  flow: (value) =>
    value
      .replace(/[^A-Za-z0-9_/]/g, '')
      .replace(/\/{2,}/g, '/')
      .replace(/^\/+/, '')
      .replace(/\/+$/, ''),
  // Nested field names allow only letters, digits, underscore and dot (part 1 §5, part 2 §5).
  nested: (value) => value.replace(/[^A-Za-z0-9_.]/g, ''),
};

/**
 * Whether names of a kind are cleaned as they are typed: the spec's name cleaning, for method,
 * connection and script names (part 1 §5 'Name cleaning') and flow names (part 2 §5: "other characters
 * are removed"). Field names ('nested') are checked, not cleaned: 'my field' stays as typed and shows the
 * contains-space error (part 1 §5 'Names in general', §5 'Method': "Field rules: ... contains space"),
 * and a character a nested name does not allow shows the kind's invalid-name error (x-clean).
 */
export const cleanedAsTyped = (kind: NameCleaning): boolean => kind !== 'nested';

/**
 * The name as it may be stored. While typing, a trailing slash of a flow name is kept (`typing: true`)
 * so the next segment can be typed.
 */
export function cleanName(kind: NameCleaning, value: string, options: { typing?: boolean } = {}): string {
  if (kind === 'flow' && options.typing) {
    const cleaned = cleaners.flow(value);
    return value.endsWith('/') && cleaned.length > 0 ? `${cleaned}/` : cleaned;
  }
  return cleaners[kind](value);
}

export interface NameKeys {
  empty: string;
  short: string;
  space?: string;
  unique?: string;
}

export interface Peer {
  id: string | number;
  name: string;
}

/**
 * The first rule a name breaks, as a catalogue key, or null: not empty, at least 2 characters, no spaces,
 * unique case-insensitively among peers excluding the item itself.
 */
export function nameError(
  name: string | null | undefined,
  keys: NameKeys,
  peers?: { list: readonly Peer[]; self?: string | number | null },
): string | null {
  const value = name ?? '';
  if (value.trim().length === 0) return keys.empty;
  if (value.length < MIN_NAME_LENGTH) return keys.short;
  if (keys.space && /\s/.test(value)) return keys.space;
  if (keys.unique && peers && isTaken(value, peers.list, peers.self)) return keys.unique;
  return null;
}

/** Whether another peer already has this name, ignoring case (part 1 §5: uniqueness is case-insensitive). */
export function isTaken(name: string, peers: readonly Peer[], self?: string | number | null): boolean {
  const wanted = name.trim().toLowerCase();
  return peers.some((peer) => peer.id !== self && peer.name.trim().toLowerCase() === wanted);
}

/** Indexes of entries whose key repeats an earlier one, ignoring case (siblings' names, aliases). */
export function duplicateIndexes<T>(
  entries: readonly T[],
  key: (entry: T) => string | null | undefined,
): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  entries.forEach((entry, index) => {
    const value = key(entry);
    if (value === null || value === undefined || value === '') return;
    const normal = value.trim().toLowerCase();
    if (seen.has(normal)) out.push(index);
    seen.add(normal);
  });
  return out;
}
