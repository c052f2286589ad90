import { flowType } from './fieldTypes';
import type { Operator } from './types';

/**
 * Condition operators and their value counts (spec part 2 §3 'Operators', §9 'Operator value counts'):
 * between 2; in and notIn at least 2 (a fresh empty input is added when the last is filled); isSet,
 * notSet, isTrue, isFalse none; maxLength and minLength one whole number of at least 1; the others 1.
 */
export interface OperatorDefinition {
  label: string;
  /** Fewest values the operator needs. */
  min: number;
  /** Most values it takes (Infinity for lists). */
  max: number;
  /** Values are whole numbers of at least 1 (the length operators). */
  length?: true;
}

export const operatorDefinitions: Record<Operator, OperatorDefinition> = {
  equals: { label: 'equals', min: 1, max: 1 },
  notEquals: { label: 'does not equal', min: 1, max: 1 },
  greaterThan: { label: 'greater than', min: 1, max: 1 },
  greaterEquals: { label: 'greater than or equal to', min: 1, max: 1 },
  smallerThan: { label: 'smaller than', min: 1, max: 1 },
  smallerEquals: { label: 'smaller than or equal to', min: 1, max: 1 },
  between: { label: 'between', min: 2, max: 2 },
  contains: { label: 'contains', min: 1, max: 1 },
  notContains: { label: 'does not contain', min: 1, max: 1 },
  in: { label: 'is one of', min: 2, max: Number.POSITIVE_INFINITY },
  notIn: { label: 'is none of', min: 2, max: Number.POSITIVE_INFINITY },
  isSet: { label: 'is set', min: 0, max: 0 },
  notSet: { label: 'is not set', min: 0, max: 0 },
  isTrue: { label: 'is true', min: 0, max: 0 },
  isFalse: { label: 'is false', min: 0, max: 0 },
  startsWith: { label: 'starts with', min: 1, max: 1 },
  endsWith: { label: 'ends with', min: 1, max: 1 },
  maxLength: { label: 'has at most length', min: 1, max: 1, length: true },
  minLength: { label: 'has at least length', min: 1, max: 1, length: true },
};

export const operators = Object.keys(operatorDefinitions) as Operator[];

/** Kinds of field type with the same operators. */
export type TypeFamily = 'string' | 'number' | 'date' | 'boolean' | 'guid' | 'parent';

const families: Record<string, TypeFamily> = {
  String: 'string',
  Text: 'string',
  Number: 'number',
  Longnumber: 'number',
  Decimal: 'number',
  DateOnly: 'date',
  DateTime: 'date',
  Boolean: 'boolean',
  Guid: 'guid',
  Object: 'parent',
  Array: 'parent',
};

/**
 * Which operators each kind of type allows. The spec does not show this table (part 2 §3: "Each
 * operator has a set of allowed field types (the table is not shown)"); this is ours:
 *
 * | type family                          | operators                                                        |
 * |--------------------------------------|------------------------------------------------------------------|
 * | String, Text                         | equals, notEquals, contains, notContains, startsWith, endsWith,  |
 * |                                      | in, notIn, maxLength, minLength, isSet, notSet                    |
 * | Number, Longnumber, Decimal          | equals, notEquals, greaterThan, greaterEquals, smallerThan,      |
 * | DateOnly, DateTime                   | smallerEquals, between, in, notIn, isSet, notSet                  |
 * | Boolean                              | isTrue, isFalse, isSet, notSet                                    |
 * | Guid                                 | equals, notEquals, in, notIn, isSet, notSet                       |
 * | Object, Array                        | isSet, notSet                                                     |
 *
 * Text search and length make sense only on text; ordering only on numbers and dates; a boolean is
 * only true, false or missing; a GUID is an identity, compared whole; anything may be missing.
 */
export const operatorsByFamily: Record<TypeFamily, readonly Operator[]> = {
  string: [
    'equals',
    'notEquals',
    'contains',
    'notContains',
    'startsWith',
    'endsWith',
    'in',
    'notIn',
    'maxLength',
    'minLength',
    'isSet',
    'notSet',
  ],
  number: [
    'equals',
    'notEquals',
    'greaterThan',
    'greaterEquals',
    'smallerThan',
    'smallerEquals',
    'between',
    'in',
    'notIn',
    'isSet',
    'notSet',
  ],
  date: [
    'equals',
    'notEquals',
    'greaterThan',
    'greaterEquals',
    'smallerThan',
    'smallerEquals',
    'between',
    'in',
    'notIn',
    'isSet',
    'notSet',
  ],
  boolean: ['isTrue', 'isFalse', 'isSet', 'notSet'],
  guid: ['equals', 'notEquals', 'in', 'notIn', 'isSet', 'notSet'],
  parent: ['isSet', 'notSet'],
};

export function familyOf(type: string | null | undefined): TypeFamily | undefined {
  const normal = flowType(type);
  return normal ? families[normal] : undefined;
}

/** The operators a field of this type may use (none for an unknown type). */
export function operatorsFor(type: string | null | undefined): readonly Operator[] {
  const family = familyOf(type);
  return family ? operatorsByFamily[family] : [];
}

export function operatorAllowed(operator: Operator, type: string | null | undefined): boolean {
  return operatorsFor(type).includes(operator);
}

/** Whether the operator takes no value (isSet, notSet, isTrue, isFalse). */
export const takesNoValue = (operator: Operator | null | undefined) =>
  operator !== null && operator !== undefined && operatorDefinitions[operator].max === 0;

/** Whether the operator takes a list that grows (in, notIn). */
export const takesList = (operator: Operator | null | undefined) =>
  operator !== null &&
  operator !== undefined &&
  operatorDefinitions[operator].max === Number.POSITIVE_INFINITY;

/** Date keywords (spec part 2 §3: now, today, start of month, start of year). */
export const dateKeywords = [
  { value: '$now', label: 'now' },
  { value: '$today', label: 'today' },
  { value: '$month', label: 'start of month' },
  { value: '$year', label: 'start of year' },
] as const;

export const isDateKeyword = (value: unknown) =>
  typeof value === 'string' && dateKeywords.some((keyword) => keyword.value === value);

/** Offset units (spec part 2 §3). */
export const offsetUnits = ['second', 'minute', 'hour', 'day', 'month', 'year'] as const;
