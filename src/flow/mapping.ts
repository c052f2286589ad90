/**
 * Mapping and comparison rules (spec part 2 §5 'Mapping and comparison'), shared by every builder that
 * maps one field into another: flow blocks, action document relations, document references. Pure
 * functions answering neutral problem codes; each builder turns a code into its own catalogue key
 * (fb.flowErrors.*, ad.validation.*, db.validation.*).
 *
 * Types are compared case-insensitively, since the wire uses both 'Longnumber' and 'LONGNUMBER'
 * (spec part 2 §3 'Variable type names seen').
 */

/** A field as the mapping rules see it. */
export interface MappableField {
  type: string | null | undefined;
  /** Max length, where the field has one. */
  maxLength?: number | null | undefined;
  required?: boolean | null | undefined;
}

export type MappingProblem = 'typeMismatch' | 'maxLengthExceeded' | 'requiredFromOptional';

const normal = (type: string | null | undefined) => (type ?? '').trim().toLowerCase();

/** Widening a source may take besides its own type: number → long number, string → text (part 2 §5). */
const widenings: Record<string, readonly string[]> = {
  number: ['longnumber'],
  string: ['text'],
};

/** Whether a value of `source` type may be mapped into a `target` field (part 2 §5: "Types must match"). */
export function canMapType(source: string | null | undefined, target: string | null | undefined): boolean {
  const from = normal(source);
  const to = normal(target);
  if (from === '' || to === '') return false;
  return from === to || (widenings[from]?.includes(to) ?? false);
}

/**
 * Every rule a mapping from `source` into `target` breaks (part 2 §5 'Mapping and comparison'):
 * the types must match; a source max length must not exceed the target's; a required target cannot take
 * a non-required source. A max length is compared only when both fields have one: a source without a
 * limit is checked where its value is produced, not here.
 */
export function mappingProblems(source: MappableField, target: MappableField): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!canMapType(source.type, target.type)) problems.push('typeMismatch');
  if (
    typeof source.maxLength === 'number' &&
    typeof target.maxLength === 'number' &&
    source.maxLength > target.maxLength
  )
    problems.push('maxLengthExceeded');
  if (target.required === true && source.required !== true) problems.push('requiredFromOptional');
  return problems;
}

/** An input that takes a mapping: its name, whether it is required, whether it has a default. */
export interface MappingInput {
  name: string;
  required?: boolean | null | undefined;
  hasDefault?: boolean | null | undefined;
}

/** Required inputs that are neither mapped nor defaulted (part 2 §5: "Required inputs must be mapped or have a default"). */
export function unmappedRequiredInputs(
  inputs: readonly MappingInput[],
  mapped: ReadonlySet<string>,
): MappingInput[] {
  const taken = new Set([...mapped].map((name) => name.toLowerCase()));
  return inputs.filter(
    (input) => input.required === true && input.hasDefault !== true && !taken.has(input.name.toLowerCase()),
  );
}

/** Numeric types that may be compared with each other (part 2 §5 'Comparable types'). */
const comparableWith: Record<string, readonly string[]> = {
  decimal: ['longnumber', 'number'],
  longnumber: ['number', 'decimal'],
  number: ['longnumber', 'decimal'],
};

/** Whether a field of type `a` may be compared with one of type `b`: the same type, or the numeric pairs of part 2 §5. */
export function comparableTypes(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = normal(a);
  const right = normal(b);
  if (left === '' || right === '') return false;
  return left === right || (comparableWith[left]?.includes(right) ?? false);
}
