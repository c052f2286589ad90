/**
 * Functions the precompiled validators call. Ajv's own runtime helpers are CommonJS, whose default
 * export bundlers and Node interpret differently, so the ones our schemas need are restated here as ES
 * modules; codegen points the generated code at them and fails on any helper it does not know.
 */

/** Length in code points, as JSON Schema's minLength and maxLength count (Ajv's runtime/ucs2length). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let position = 0; position < text.length; position++) {
    length++;
    const code = text.charCodeAt(position);
    if (code >= 0xd800 && code <= 0xdbff && position + 1 < text.length) {
      if ((text.charCodeAt(position + 1) & 0xfc00) === 0xdc00) position++;
    }
  }
  return length;
}

/** Deep equality of JSON values (Ajv's runtime/equal, for uniqueItems, const and enum). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b))
      return a.length === b.length && a.every((item, index) => equal(item, b[index]));
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every(
        (key) =>
          Object.hasOwn(b, key) &&
          equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
      )
    );
  }
  return Number.isNaN(a) && Number.isNaN(b);
}

/** ajv-formats' checks (date-time, date, time, uri, ...), for the formats the schemas use. */
export { fullFormats as formats } from 'ajv-formats/dist/formats';

// ── Helpers of the custom keywords (keywords.ts). Precompiled validators call them as runtime.<name>. ──

import {
  cleanName,
  duplicateIndexes,
  isTaken,
  type NameCleaning,
  type NameKeys,
  nameError,
  type Peer,
} from '../domain/rules/names';

type Row = Record<string, unknown>;

/** x-unique: indexes of items whose `by` value repeats an earlier one, ignoring case. */
export function duplicates(items: unknown, by: string): number[] {
  if (!Array.isArray(items)) return [];
  return duplicateIndexes(items, (item) => {
    const value = by ? (item as Row | null)?.[by] : item;
    return typeof value === 'string' ? value : null;
  });
}

/** What a validation call may pass as `this` (Ajv passContext): peers by list name. */
export interface ValidationContext {
  peers?: Record<string, readonly Peer[]>;
}

/** x-unique-among: whether another peer in the context's list has this name (the item itself excluded). */
export function takenByPeer(
  context: ValidationContext | undefined,
  list: string,
  parent: unknown,
  name: unknown,
  idField: string,
): boolean {
  const peers = context?.peers?.[list];
  if (!peers || typeof name !== 'string' || name.trim() === '') return false;
  const self = (parent as Row | null)?.[idField];
  return isTaken(name, peers, typeof self === 'string' || typeof self === 'number' ? self : null);
}

const isSet = (value: unknown) =>
  !(
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );

/** x-allowed-when: whether a set option sits on a field whose `field` value is not among `allowed`. */
export function optionNotAllowed(
  value: unknown,
  parent: unknown,
  field: string,
  allowed: readonly string[],
): boolean {
  if (!isSet(value)) return false;
  const decisive = (parent as Row | null)?.[field];
  return !allowed.includes(String(decisive));
}

/** x-child-names: indexes of children whose name is not the parent's name, a dot, and one more segment. */
export function misnamedChildren(parent: unknown, childrenField: string, nameField: string): number[] {
  const row = parent as Row | null;
  const children = row?.[childrenField];
  const parentName = row?.[nameField];
  if (!Array.isArray(children) || typeof parentName !== 'string') return [];
  const out: number[] = [];
  children.forEach((child, index) => {
    const name = (child as Row | null)?.[nameField];
    if (typeof name !== 'string') return;
    const leaf = name.startsWith(`${parentName}.`) ? name.slice(parentName.length + 1) : '';
    if (leaf === '' || leaf.includes('.')) out.push(index);
  });
  return out;
}

/**
 * x-clean: whether cleaning would change the value (it holds characters the kind of name does not allow).
 * A space in a field name ('nested') is the name rules' contains-space error (x-name, or the builder's
 * field rules), not this one's, so one error says what is wrong (spec part 1 §5 'Names in general').
 */
export function notClean(kind: NameCleaning, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const checked = kind === 'nested' ? value.replace(/\s/g, '') : value;
  return cleanName(kind, checked) !== checked;
}

/**
 * Unicode's text-direction overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a name they make
 * it display as another ("Trojan Source"), so a role or user could pass for another in a list.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** x-plain: whether the text holds a text-direction control (issue 29 point 9). */
export function holdsBidiControl(value: unknown): boolean {
  return typeof value === 'string' && BIDI_CONTROL.test(value);
}

/** x-json: whether the text is not JSON of the type ('object' and 'array' as JSON has them; 'any' JSON). */
export function notJson(type: 'object' | 'array' | 'any', value: unknown): boolean {
  if (typeof value !== 'string') return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return true;
  }
  if (type === 'array') return !Array.isArray(parsed);
  if (type === 'object') return parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
  return false;
}

/** x-name: the catalogue key of the first name rule broken, or null (an empty string is falsy). */
export function nameRuleBroken(value: unknown, keys: NameKeys): string | null {
  return typeof value === 'string' ? nameError(value, keys) : null;
}
