/**
 * Mapping and comparison of fields (spec part 2 §5 'Mapping and comparison'), shared by the document,
 * action document and flow builders and by the server. Pure functions answering reasons, not message
 * keys: each builder names the problem in its own message family (db.validation.*, ad.validation.*,
 * fb.flowErrors.*).
 */

/** What mapping needs to know of a field, whatever builder it comes from. */
export interface MappableField {
  Type: string | null | undefined;
  /** Max length of a string field; absent for unbounded text and for non-text types. */
  MaxLength?: number | null | undefined;
  IsRequired?: boolean | null | undefined;
}

/** Why a source field cannot feed a target field. */
export type MappingProblem = 'type' | 'maxLength' | 'required';

/** A source type may feed a target of the same type, and these widenings (part 2 §5). */
const widenings: Record<string, readonly string[]> = {
  Number: ['Longnumber'],
  String: ['Text'],
};

/** Pairs of types that can be compared, beyond equal types (part 2 §5 'Comparable types'). */
const comparableWith: Record<string, readonly string[]> = {
  Decimal: ['Longnumber', 'Number'],
  Longnumber: ['Number', 'Decimal'],
  Number: ['Longnumber', 'Decimal'],
};

const textual = new Set(['String', 'Text', 'Password']);

// The wire spells types both 'Longnumber' and 'LONGNUMBER' (spec part 2 §3 'Variable type names seen').
const known = new Map(
  [...Object.keys(widenings), ...Object.keys(comparableWith), ...textual].map((type) => [
    type.toLowerCase(),
    type,
  ]),
);
const canonical = (type: string) => known.get(type.toLowerCase()) ?? type.toLowerCase();
/** The type to compare by, or null for a field without one (which maps to and compares with nothing). */
const typeOf = (type: string | null | undefined) => {
  const trimmed = (type ?? '').trim();
  return trimmed === '' ? null : canonical(trimmed);
};

/** Whether values of `source` type may be written to a `target` field: equal, number → long number, string → text. */
export function typesMappable(source: string | null | undefined, target: string | null | undefined): boolean {
  const from = typeOf(source);
  const to = typeOf(target);
  if (from === null || to === null) return false;
  return from === to || (widenings[from]?.includes(to) ?? false);
}

/**
 * Whether the source's max length fits the target's (part 2 §5: a source max length must not exceed the
 * target's). A text source without a max length is unbounded, so it does not fit a bounded target, unless
 * `unboundedFits`: a flow variable's length is checked where its value is produced, not where it is mapped.
 */
export function maxLengthFits(
  source: MappableField,
  target: MappableField,
  options: { unboundedFits?: boolean } = {},
): boolean {
  const targetMax = target.MaxLength ?? null;
  if (targetMax === null) return true;
  const type = typeOf(source.Type);
  const unbounded = type !== null && textual.has(type) && !options.unboundedFits;
  const sourceMax = source.MaxLength ?? (unbounded ? Number.POSITIVE_INFINITY : 0);
  return sourceMax <= targetMax;
}

/** A required target cannot take a non-required source (part 2 §5). */
export function requiredFits(source: MappableField, target: MappableField): boolean {
  return !(target.IsRequired === true && source.IsRequired !== true);
}

/**
 * Every reason `source` cannot be mapped to `target`, in the order the spec lists them; empty when it can.
 * `checkRequired: false` leaves out the required rule, for joins where the value always exists;
 * `unboundedFits` is maxLengthFits'.
 */
export function mappingProblems(
  source: MappableField,
  target: MappableField,
  options: { checkRequired?: boolean; unboundedFits?: boolean } = {},
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!typesMappable(source.Type, target.Type)) problems.push('type');
  if (!maxLengthFits(source, target, options)) problems.push('maxLength');
  if (options.checkRequired !== false && !requiredFits(source, target)) problems.push('required');
  return problems;
}

/** A required input of a call or a write, and whether it has a default of its own. */
export interface RequiredInput {
  Name: string;
  IsRequired?: boolean | null | undefined;
  HasDefault?: boolean | null | undefined;
}

/** Names of required inputs that are neither mapped nor defaulted (part 2 §5: required inputs must be mapped or have a default). */
export function unmappedRequiredInputs(inputs: readonly RequiredInput[], mapped: Iterable<string>): string[] {
  const names = new Set([...mapped].map((name) => name.toLowerCase()));
  return inputs
    .filter((input) => input.IsRequired === true && !input.HasDefault && !names.has(input.Name.toLowerCase()))
    .map((input) => input.Name);
}

/** Whether two types can be compared in a condition or a match (part 2 §5 'Comparable types'). */
export function typesComparable(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = typeOf(a);
  const right = typeOf(b);
  if (left === null || right === null) return false;
  return left === right || (comparableWith[left]?.includes(right) ?? false);
}
