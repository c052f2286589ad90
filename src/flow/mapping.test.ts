import { describe, expect, it } from 'vitest';
import {
  canMapType,
  comparableTypes,
  type MappableField,
  type MappingProblem,
  mappingProblems,
  unmappedRequiredInputs,
} from './mapping';

describe('canMapType (spec part 2 §5 "Mapping and comparison": types must match)', () => {
  it.each<[string, string, boolean, string]>([
    ['String', 'String', true, 'same type'],
    ['Number', 'Longnumber', true, 'number may map to long number'],
    ['String', 'Text', true, 'string may map to text'],
    ['Longnumber', 'Number', false, 'long number does not narrow to number'],
    ['Text', 'String', false, 'text does not narrow to string'],
    ['Number', 'Decimal', false, 'only the listed widenings'],
    ['Guid', 'String', false, 'different types'],
    ['LONGNUMBER', 'Longnumber', true, 'wire type names compare ignoring case (part 2 §3)'],
    ['', 'String', false, 'a source without a type maps nowhere'],
  ])('%s → %s: %s (%s)', (source, target, expected) => {
    expect(canMapType(source, target)).toBe(expected);
  });
});

describe('mappingProblems (spec part 2 §5 "Mapping and comparison")', () => {
  const f = (type: string, maxLength?: number, required?: boolean): MappableField => ({
    type,
    maxLength,
    required,
  });
  it.each<[MappableField, MappableField, MappingProblem[], string]>([
    [f('String', 50, true), f('String', 50, true), [], 'a fitting mapping'],
    [f('Guid'), f('String'), ['typeMismatch'], 'types must match'],
    [
      f('String', 100),
      f('String', 50),
      ['maxLengthExceeded'],
      'a source max length must not exceed the target’s',
    ],
    [f('String', 50), f('Text', 100), [], 'a shorter source into a longer target'],
    [f('String'), f('String', 50), [], 'max lengths are compared only when both have one'],
    [
      f('Number'),
      f('Number', undefined, true),
      ['requiredFromOptional'],
      'a required target cannot take a non-required source',
    ],
    [f('Number', undefined, true), f('Number'), [], 'a required source into an optional target'],
    [
      f('Decimal', 200),
      f('Number', 10, true),
      ['typeMismatch', 'maxLengthExceeded', 'requiredFromOptional'],
      'every broken rule is reported',
    ],
  ])('%j → %j: %j (%s)', (source, target, problems) => {
    expect(mappingProblems(source, target)).toEqual(problems);
  });
});

describe('unmappedRequiredInputs (spec part 2 §5: required inputs must be mapped or have a default)', () => {
  const inputs = [
    { name: 'Id', required: true },
    { name: 'Name', required: true, hasDefault: true },
    { name: 'Note', required: false },
    { name: 'Email', required: true },
  ];
  it.each<[string[], string[], string]>([
    [[], ['Id', 'Email'], 'required inputs without mapping or default'],
    [['id'], ['Email'], 'a mapped input counts, ignoring case'],
    [['Id', 'Email'], [], 'all required inputs mapped'],
  ])('mapped %j → unmapped %j (%s)', (mapped, expected) => {
    expect(unmappedRequiredInputs(inputs, new Set(mapped)).map((input) => input.name)).toEqual(expected);
  });
});

describe('comparableTypes (spec part 2 §5 "Comparable types")', () => {
  it.each<[string, string, boolean, string]>([
    ['Decimal', 'Longnumber', true, 'decimal with long number'],
    ['Decimal', 'Number', true, 'decimal with number'],
    ['Longnumber', 'Number', true, 'long number with number'],
    ['Longnumber', 'Decimal', true, 'long number with decimal'],
    ['Number', 'Longnumber', true, 'number with long number'],
    ['Number', 'Decimal', true, 'number with decimal'],
    ['DateTime', 'DateTime', true, 'a type with itself'],
    ['String', 'Text', false, 'only the listed numeric pairs besides the same type'],
    ['Number', 'String', false, 'number with string'],
    ['Boolean', '', false, 'an unknown type compares with nothing'],
  ])('%s with %s: %s (%s)', (a, b, expected) => {
    expect(comparableTypes(a, b)).toBe(expected);
  });
});
