import { describe, expect, it } from 'vitest';
import {
  type MappableField,
  type MappingProblem,
  mappingProblems,
  maxLengthFits,
  requiredFits,
  typesComparable,
  typesMappable,
  unmappedRequiredInputs,
} from './mapping';

describe('typesMappable (spec part 2 §5 "Mapping and comparison": types must match)', () => {
  it.each<[string, string, boolean, string]>([
    ['String', 'String', true, 'part 2 §5: types must match'],
    ['Guid', 'Guid', true, 'part 2 §5: types must match'],
    ['Number', 'Longnumber', true, 'part 2 §5: number may map to long number'],
    ['String', 'Text', true, 'part 2 §5: string may map to text'],
    ['Longnumber', 'Number', false, 'part 2 §5: only number → long number widens, not back'],
    ['Text', 'String', false, 'part 2 §5: only string → text widens, not back'],
    ['Number', 'Decimal', false, 'part 2 §5: number does not map to decimal'],
    ['Guid', 'String', false, 'part 2 §5: types must match'],
    ['Boolean', 'Number', false, 'part 2 §5: types must match'],
    ['NUMBER', 'LONGNUMBER', true, 'part 2 §3: variable type names are upper case, same types'],
    ['LONGNUMBER', 'Longnumber', true, 'part 2 §3: wire type names compare ignoring case'],
    ['GUID', 'Guid', true, 'part 2 §3: any type compares ignoring case'],
    ['', 'String', false, 'part 2 §5: a source without a type maps nowhere'],
    ['', '', false, 'part 2 §5: two fields without a type do not match'],
  ])('%s → %s: %s (%s)', (source, target, expected) => {
    expect(typesMappable(source, target)).toBe(expected);
  });
});

describe('maxLengthFits (spec part 2 §5: a source max length must not exceed the target’s)', () => {
  const field = (Type: string, MaxLength?: number | null): MappableField => ({ Type, MaxLength });
  it.each<[MappableField, MappableField, boolean, string]>([
    [field('String', 50), field('String', 100), true, 'part 2 §5: 50 fits in 100'],
    [field('String', 100), field('String', 100), true, 'part 2 §5: equal lengths fit'],
    [field('String', 101), field('String', 100), false, 'part 2 §5: source exceeds the target'],
    [field('String', 100), field('Text'), true, 'part 2 §5: an unbounded target takes any length'],
    [field('Text'), field('String', 100), false, 'part 2 §5: unbounded text exceeds a bounded target'],
    [field('Guid'), field('String', 36), true, 'part 2 §5: non-text sources have no length'],
  ])('%j → %j: %s (%s)', (source, target, expected) => {
    expect(maxLengthFits(source, target)).toBe(expected);
  });
});

describe('requiredFits (spec part 2 §5: a required target cannot take a non-required source)', () => {
  it.each<[boolean, boolean, boolean, string]>([
    [true, true, true, 'part 2 §5: required to required'],
    [false, true, false, 'part 2 §5: a required target cannot take a non-required source'],
    [true, false, true, 'part 2 §5: required to optional'],
    [false, false, true, 'part 2 §5: optional to optional'],
  ])('source required %s → target required %s: %s (%s)', (source, target, expected) => {
    expect(requiredFits({ Type: 'String', IsRequired: source }, { Type: 'String', IsRequired: target })).toBe(
      expected,
    );
  });
});

describe('mappingProblems (spec part 2 §5 "Mapping and comparison")', () => {
  it.each<[MappableField, MappableField, MappingProblem[], string]>([
    [
      { Type: 'String', MaxLength: 10, IsRequired: true },
      { Type: 'Text', IsRequired: true },
      [],
      'part 2 §5: a string may feed text',
    ],
    [{ Type: 'Guid' }, { Type: 'Number' }, ['type'], 'part 2 §5: types must match'],
    [
      { Type: 'String', MaxLength: 200 },
      { Type: 'String', MaxLength: 100 },
      ['maxLength'],
      'part 2 §5: a source max length must not exceed the target’s',
    ],
    [
      { Type: 'Number' },
      { Type: 'Longnumber', IsRequired: true },
      ['required'],
      'part 2 §5: a required target cannot take a non-required source',
    ],
    [
      { Type: 'Text' },
      { Type: 'Guid', MaxLength: 5, IsRequired: true },
      ['type', 'maxLength', 'required'],
      'part 2 §5: every problem, in the spec’s order',
    ],
  ])('%j → %j: %j (%s)', (source, target, expected) => {
    expect(mappingProblems(source, target)).toEqual(expected);
  });

  it('a flow variable without a max length fits a bounded input (part 2 §5 Flow blocks: checked where it is produced)', () => {
    const variable = { Type: 'String' };
    const input = { Type: 'String', MaxLength: 50 };
    expect(mappingProblems(variable, input, { unboundedFits: true })).toEqual([]);
    expect(mappingProblems(variable, input)).toEqual(['maxLength']);
    expect(mappingProblems({ Type: 'String', MaxLength: 80 }, input, { unboundedFits: true })).toEqual([
      'maxLength',
    ]);
  });

  it('leaves out the required rule when asked (joins)', () => {
    expect(
      mappingProblems({ Type: 'Number' }, { Type: 'Number', IsRequired: true }, { checkRequired: false }),
    ).toEqual([]);
  });
});

describe('unmappedRequiredInputs (spec part 2 §5: required inputs must be mapped or have a default)', () => {
  const inputs = [
    { Name: 'CustomerId', IsRequired: true },
    { Name: 'Created', IsRequired: true, HasDefault: true },
    { Name: 'Note', IsRequired: false },
    { Name: 'Email', IsRequired: true },
  ];
  it.each<[string[], string[], string]>([
    [[], ['CustomerId', 'Email'], 'part 2 §5: a required input without mapping or default'],
    [['customerid'], ['Email'], 'part 2 §5: mapped inputs count, names ignoring case'],
    [['CustomerId', 'Email'], [], 'part 2 §5: all required inputs mapped; the defaulted one needs none'],
  ])('mapped %j → missing %j (%s)', (mapped, expected) => {
    expect(unmappedRequiredInputs(inputs, mapped)).toEqual(expected);
  });
});

describe('typesComparable (spec part 2 §5 "Comparable types")', () => {
  it.each<[string, string, boolean, string]>([
    ['Decimal', 'Longnumber', true, 'part 2 §5: decimal with long number'],
    ['Decimal', 'Number', true, 'part 2 §5: decimal with number'],
    ['Longnumber', 'Number', true, 'part 2 §5: long number with number'],
    ['Longnumber', 'Decimal', true, 'part 2 §5: long number with decimal'],
    ['Number', 'Longnumber', true, 'part 2 §5: number with long number'],
    ['Number', 'Decimal', true, 'part 2 §5: number with decimal'],
    ['String', 'String', true, 'part 2 §5: equal types compare'],
    ['String', 'Text', false, 'part 2 §5: only the listed numeric pairs compare across types'],
    ['Number', 'String', false, 'part 2 §5: a number does not compare with a string'],
    ['DateTime', 'DateOnly', false, 'part 2 §5: only the listed numeric pairs compare across types'],
    ['decimal', 'NUMBER', true, 'part 2 §3: type names compare ignoring case'],
    ['Boolean', '', false, 'part 2 §5: a field without a type compares with nothing'],
  ])('%s with %s: %s (%s)', (a, b, expected) => {
    expect(typesComparable(a, b)).toBe(expected);
  });
});
