import { describe, expect, it } from 'vitest';
import {
  operatorAllowed,
  operatorDefinitions,
  operators,
  operatorsFor,
  takesList,
  takesNoValue,
} from './operators';
import type { Operator } from './types';

describe('operator value counts (spec part 2 §3 "Operators", §9 "Operator value counts")', () => {
  it.each<[Operator, number, number, string]>([
    ['equals', 1, 1, 'equals, notEquals: 1'],
    ['notEquals', 1, 1, 'equals, notEquals: 1'],
    ['greaterThan', 1, 1, 'greaterThan, greaterEquals, smallerThan, smallerEquals: 1'],
    ['greaterEquals', 1, 1, 'greaterThan, greaterEquals, smallerThan, smallerEquals: 1'],
    ['smallerThan', 1, 1, 'greaterThan, greaterEquals, smallerThan, smallerEquals: 1'],
    ['smallerEquals', 1, 1, 'greaterThan, greaterEquals, smallerThan, smallerEquals: 1'],
    ['between', 2, 2, 'between: 2'],
    ['contains', 1, 1, 'contains, notContains: 1'],
    ['notContains', 1, 1, 'contains, notContains: 1'],
    ['in', 2, Number.POSITIVE_INFINITY, 'in, notIn: at least 2 (any number)'],
    ['notIn', 2, Number.POSITIVE_INFINITY, 'in, notIn: at least 2 (any number)'],
    ['isSet', 0, 0, 'isSet, notSet, isTrue, isFalse: 0'],
    ['notSet', 0, 0, 'isSet, notSet, isTrue, isFalse: 0'],
    ['isTrue', 0, 0, 'isSet, notSet, isTrue, isFalse: 0'],
    ['isFalse', 0, 0, 'isSet, notSet, isTrue, isFalse: 0'],
    ['startsWith', 1, 1, 'startsWith, endsWith: 1'],
    ['endsWith', 1, 1, 'startsWith, endsWith: 1'],
    ['maxLength', 1, 1, 'maxLength, minLength: 1 (integer, minimum 1)'],
    ['minLength', 1, 1, 'maxLength, minLength: 1 (integer, minimum 1)'],
  ])('%s takes %i to %d values (%s)', (operator, min, max) => {
    expect(operatorDefinitions[operator].min).toBe(min);
    expect(operatorDefinitions[operator].max).toBe(max);
  });

  it('covers every operator of the contract exactly once', () => {
    expect(new Set(operators).size).toBe(19);
  });

  it('marks the length operators as whole numbers and the list and no-value operators', () => {
    expect(operators.filter((operator) => operatorDefinitions[operator].length)).toEqual([
      'maxLength',
      'minLength',
    ]);
    expect(operators.filter(takesList)).toEqual(['in', 'notIn']);
    expect(operators.filter(takesNoValue)).toEqual(['isSet', 'notSet', 'isTrue', 'isFalse']);
  });
});

describe('operator/type compatibility (ours; the spec does not show the table, part 2 §3)', () => {
  it.each<[string, Operator, boolean]>([
    ['String', 'contains', true],
    ['Text', 'startsWith', true],
    ['String', 'maxLength', true],
    ['String', 'greaterThan', false],
    ['String', 'between', false],
    ['Number', 'between', true],
    ['Decimal', 'smallerEquals', true],
    ['Longnumber', 'contains', false],
    ['DateTime', 'between', true],
    ['DateOnly', 'greaterThan', true],
    ['DateOnly', 'minLength', false],
    ['Boolean', 'isTrue', true],
    ['Boolean', 'equals', false],
    ['Number', 'isTrue', false],
    ['Guid', 'in', true],
    ['Guid', 'contains', false],
    ['Guid', 'greaterThan', false],
    ['Object', 'isSet', true],
    ['Array', 'equals', false],
    ['KeyValue', 'isSet', false],
  ])('%s with %s: %s', (type, operator, allowed) => {
    expect(operatorAllowed(operator, type)).toBe(allowed);
  });

  it('allows isSet and notSet for every flow type', () => {
    for (const type of [
      'String',
      'Text',
      'Number',
      'Longnumber',
      'Decimal',
      'Boolean',
      'DateOnly',
      'DateTime',
      'Guid',
      'Object',
      'Array',
    ])
      expect(operatorsFor(type)).toEqual(expect.arrayContaining(['isSet', 'notSet']));
  });
});
