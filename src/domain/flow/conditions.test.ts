import { describe, expect, it } from 'vitest';
import {
  chooseField,
  chooseOperator,
  chooseRuleType,
  cleanCondition,
  cleanFilter,
  dynamicAllowed,
  emptyValue,
  initialValues,
  setValue,
} from './conditions';
import type { ConditionRule, Operator } from './types';

const rule = (overrides: Partial<ConditionRule> = {}): ConditionRule => ({
  Name: 'amount',
  ValueType: 'Number',
  Operator: 'between',
  RuleType: 'Static',
  Values: [{ Value: 1 }, { Value: 5 }],
  ...overrides,
});

describe('condition editor resets (spec part 2 §4 "Condition editor")', () => {
  it('changing the field resets operator and values', () => {
    expect(chooseField(rule({ RuleType: 'Dynamic' }), { Name: 'total', Type: 'Decimal' })).toEqual({
      Name: 'total',
      ValueType: 'Decimal',
      Operator: null,
      RuleType: 'Static',
      Values: [],
    });
  });

  it('changing the operator resets the values to the operator’s inputs', () => {
    expect(chooseOperator(rule(), 'equals', 1).Values).toEqual([emptyValue()]);
    expect(chooseOperator(rule(), 'in', 1).Values).toEqual([emptyValue(), emptyValue()]);
  });

  it.each<[Operator]>([['isSet'], ['notSet'], ['isTrue'], ['isFalse']])(
    'an operator with no input (%s) forces a static rule type',
    (operator) => {
      const next = chooseOperator(rule({ RuleType: 'Dynamic' }), operator, 3);
      expect(next.RuleType).toBe('Static');
      expect(next.Values).toEqual([]);
    },
  );

  it('changing the rule type resets the values', () => {
    const next = chooseRuleType(rule(), 'Dynamic', 2);
    expect(next.RuleType).toBe('Dynamic');
    expect(next.Values).toEqual([emptyValue(), emptyValue()]);
  });

  it.each<[Operator | null, number, boolean, string]>([
    ['equals', 0, false, 'disabled when there are no comparable options'],
    ['maxLength', 3, false, 'disabled for maxLength'],
    ['minLength', 3, false, 'disabled for minLength'],
    ['isSet', 3, false, 'an operator with no input is static'],
    ['equals', 1, true, 'allowed with a comparable option'],
  ])('dynamic for %s with %i comparable: %s (%s)', (operator, comparable, allowed) => {
    expect(dynamicAllowed(operator, comparable)).toBe(allowed);
    expect(chooseRuleType(rule({ Operator: operator }), 'Dynamic', comparable).RuleType).toBe(
      allowed ? 'Dynamic' : 'Static',
    );
  });

  it('keeps a dynamic rule when the new operator allows it, else falls back to static', () => {
    expect(chooseOperator(rule({ RuleType: 'Dynamic' }), 'equals', 1).RuleType).toBe('Dynamic');
    expect(chooseOperator(rule({ RuleType: 'Dynamic' }), 'minLength', 1).RuleType).toBe('Static');
  });
});

describe('in/notIn inputs (spec part 2 §3: "a fresh empty input is added when the last is filled")', () => {
  it('starts with two inputs and adds one when the last is filled', () => {
    let next = chooseOperator(rule({ ValueType: 'String' }), 'in', 0);
    expect(initialValues('in')).toHaveLength(2);
    next = setValue(next, 0, { Value: 'a' });
    expect(next.Values).toHaveLength(2);
    next = setValue(next, 1, { Value: 'b' });
    expect(next.Values).toHaveLength(3);
    expect(next.Values![2]).toEqual(emptyValue());
  });

  it('does not grow for operators with a fixed count', () => {
    const next = setValue(chooseOperator(rule(), 'equals', 0), 0, { Value: 3 });
    expect(next.Values).toHaveLength(1);
  });
});

describe('saving (spec part 2 §4)', () => {
  it('a condition drops values with both value and field empty', () => {
    const saved = cleanCondition(
      rule({
        Operator: 'in',
        Values: [{ Value: 'a' }, { Value: '', Field: null }, { Value: null, Field: 'other' }, emptyValue()],
      }),
    );
    expect(saved.Values).toEqual([{ Value: 'a' }, { Value: null, Field: 'other' }]);
  });

  it('a read filter drops empty or null values', () => {
    const saved = cleanFilter(
      rule({ Operator: 'in', Values: [{ Value: 'a' }, { Value: null }, { Value: '' }] }),
    );
    expect(saved.Values).toEqual([{ Value: 'a' }]);
  });
});
