/**
 * Mapping and comparison of fields (spec part 2 §5 'Mapping and comparison'), shared by the document,
 * action document and flow builders and by the server. Pure functions answering reasons, not message
 * keys: each builder names the problem in its own message family (db.validation.*, ad.validation.*,
 * fb.flowErrors.*).
 */

/** What mapping needs to know of a field, whatever builder it comes from. */
export interface MappableField {
  Type: string;
  /** Max length of a string field; absent for unbounded text and for non-text types. */
  MaxLength?: number | null;
  IsRequired?: boolean;
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

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const canonical = (type: string) =>
  [...Object.keys(widenings), ...Object.keys(comparableWith), ...textual].find((known) =>
    same(known, type),
  ) ?? type;

/** Whether values of `source` type may be written to a `target` field: equal, number → long number, string → text. */
export function typesMappable(source: string, target: string): boolean {
  if (same(source, target)) return true;
  return widenings[canonical(source)]?.includes(canonical(target)) ?? false;
}

/**
 * Whether the source's max length fits the target's (part 2 §5: a source max length must not exceed the
 * target's). A text source without a max length is unbounded, so it does not fit a bounded target.
 */
export function maxLengthFits(source: MappableField, target: MappableField): boolean {
  const targetMax = target.MaxLength ?? null;
  if (targetMax === null) return true;
  const sourceMax = source.MaxLength ?? (textual.has(canonical(source.Type)) ? Number.POSITIVE_INFINITY : 0);
  return sourceMax <= targetMax;
}

/** A required target cannot take a non-required source (part 2 §5). */
export function requiredFits(source: MappableField, target: MappableField): boolean {
  return !(target.IsRequired === true && source.IsRequired !== true);
}

/**
 * Every reason `source` cannot be mapped to `target`, in the order the spec lists them; empty when it can.
 * `checkRequired: false` leaves out the required rule, for joins where the value always exists.
 */
export function mappingProblems(
  source: MappableField,
  target: MappableField,
  options: { checkRequired?: boolean } = {},
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!typesMappable(source.Type, target.Type)) problems.push('type');
  if (!maxLengthFits(source, target)) problems.push('maxLength');
  if (options.checkRequired !== false && !requiredFits(source, target)) problems.push('required');
  return problems;
}

/** A required input of a call or a write, and whether it has a default of its own. */
export interface RequiredInput {
  Name: string;
  IsRequired?: boolean;
  HasDefault?: boolean;
}

/** Names of required inputs that are neither mapped nor defaulted (part 2 §5: required inputs must be mapped or have a default). */
export function unmappedRequiredInputs(inputs: readonly RequiredInput[], mapped: Iterable<string>): string[] {
  const names = new Set([...mapped].map((name) => name.toLowerCase()));
  return inputs
    .filter((input) => input.IsRequired === true && !input.HasDefault && !names.has(input.Name.toLowerCase()))
    .map((input) => input.Name);
}

/** Whether two types can be compared in a condition or a match (part 2 §5 'Comparable types'). */
export function typesComparable(a: string, b: string): boolean {
  if (same(a, b)) return true;
  return comparableWith[canonical(a)]?.includes(canonical(b)) ?? false;
}
