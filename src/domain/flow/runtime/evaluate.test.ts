import { describe, expect, it } from 'vitest';
import { operators, operatorsByFamily, type TypeFamily } from '../operators';
import type { ConditionRule, ConditionValue, Operator } from '../types';
import { groupsHold, operatorTests, ruleHolds } from './evaluate';

const NOW = Date.parse('2026-03-15T10:30:00Z');
const context = (variables: Record<string, unknown> = {}) => ({
  now: NOW,
  variable: (name: string) => variables[name],
});
const rule = (Operator: Operator, values: ConditionValue[] = [], RuleType: 'Static' | 'Dynamic' = 'Static') =>
  ({ Name: 'f', Operator, RuleType, Values: values }) as ConditionRule;
const v = (...values: unknown[]) => values.map((Value) => ({ Value }) as ConditionValue);

// Every operator × type family it allows (spec part 2 §3 'Operators'; the allowed-type table is
// operators.ts's, spec part 2 §3: "the table is not shown"): [type, operator, values, field value, holds].
type Row = [string, Operator, ConditionValue[], unknown, boolean];
const rows: Row[] = [
  // String, Text
  ['String', 'equals', v('Acme'), 'Acme', true],
  ['String', 'equals', v('acme'), 'Acme', false],
  ['Text', 'notEquals', v('a'), 'b', true],
  ['String', 'contains', v('cm'), 'Acme', true],
  ['String', 'notContains', v('x'), 'Acme', true],
  ['String', 'startsWith', v('Ac'), 'Acme', true],
  ['String', 'endsWith', v('me'), 'Acme', true],
  ['String', 'endsWith', v('Ac'), 'Acme', false],
  ['String', 'in', v('a', 'b'), 'b', true],
  ['String', 'notIn', v('a', 'b'), 'c', true],
  ['String', 'maxLength', v(4), 'Acme', true],
  ['String', 'maxLength', v(3), 'Acme', false],
  ['String', 'minLength', v(5), 'Acme', false],
  ['String', 'isSet', [], '', false],
  ['String', 'notSet', [], '', true],
  // Number, Longnumber, Decimal
  ['Number', 'equals', v('5'), 5, true],
  ['Decimal', 'equals', v(1500), '1500.00', true],
  ['Longnumber', 'notEquals', v(1), 2, true],
  ['Number', 'greaterThan', v(5), 6, true],
  ['Number', 'greaterEquals', v(5), 5, true],
  ['Decimal', 'smallerThan', v(0), -0.01, true],
  ['Decimal', 'smallerEquals', v(0), 0.01, false],
  ['Decimal', 'between', v(0, 10000), 10000, true],
  ['Decimal', 'between', v(0, 10000), 10000.01, false],
  ['Number', 'in', v(1, 2, 3), 3, true],
  ['Number', 'notIn', v(1, 2), 3, true],
  ['Longnumber', 'isSet', [], 0, true],
  ['Number', 'notSet', [], null, true],
  // DateOnly, DateTime, with keywords and offsets (spec part 2 §3: $now, $today, $month, $year)
  ['DateOnly', 'equals', v('$today'), '2026-03-15', true],
  ['DateOnly', 'equals', [{ Value: '$today', Offset: -1, OffsetUnit: 'day' }], '2026-03-14', true],
  ['DateOnly', 'greaterEquals', v('$month'), '2026-03-01', true],
  ['DateOnly', 'smallerThan', v('$year'), '2025-12-31', true],
  [
    'DateTime',
    'greaterThan',
    [{ Value: '$now', Offset: -1, OffsetUnit: 'hour' }],
    '2026-03-15T09:31:00',
    true,
  ],
  ['DateTime', 'smallerEquals', v('$now'), '2026-03-15T10:30:00', true],
  ['DateTime', 'between', v('2026-01-01T00:00:00', '2026-12-31T23:59:59'), '2026-06-01T12:00:00', true],
  [
    'DateOnly',
    'between',
    [{ Value: '$year' }, { Value: '$year', Offset: 1, OffsetUnit: 'year' }],
    '2027-01-02',
    false,
  ],
  ['DateOnly', 'notEquals', v('2026-03-15'), '2026-03-16', true],
  ['DateOnly', 'in', v('2026-03-15', '2026-03-16'), '2026-03-16', true],
  ['DateTime', 'notIn', v('2026-03-15T00:00:00', '$now'), '2026-03-15T10:30:00', false],
  ['DateOnly', 'isSet', [], '2026-03-15', true],
  ['DateTime', 'notSet', [], null, true],
  ['DateOnly', 'greaterThan', [{ Value: '$month', Offset: 1, OffsetUnit: 'month' }], '2026-04-02', true],
  [
    'DateTime',
    'smallerThan',
    [{ Value: '$now', Offset: 30, OffsetUnit: 'minute' }],
    '2026-03-15T10:59:59',
    true,
  ],
  [
    'DateTime',
    'greaterThan',
    [{ Value: '$now', Offset: -10, OffsetUnit: 'second' }],
    '2026-03-15T10:29:55',
    true,
  ],
  // Boolean
  ['Boolean', 'isTrue', [], true, true],
  ['Boolean', 'isTrue', [], 'true', true],
  ['Boolean', 'isFalse', [], true, false],
  ['Boolean', 'isSet', [], false, true],
  ['Boolean', 'notSet', [], undefined, true],
  // Guid: compared whole, ignoring case
  ['Guid', 'equals', v('3F0C8A3E-0F3F-4A55-9A57-0C7D2F1B9A01'), '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', true],
  [
    'Guid',
    'notEquals',
    v('3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01'),
    '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a02',
    true,
  ],
  [
    'Guid',
    'in',
    v('3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a02'),
    '3F0C8A3E-0F3F-4A55-9A57-0C7D2F1B9A02',
    true,
  ],
  [
    'Guid',
    'notIn',
    v('3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a02'),
    '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a03',
    true,
  ],
  ['Guid', 'isSet', [], '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', true],
  ['Guid', 'notSet', [], '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', false],
  // Object, Array: only isSet and notSet
  ['Object', 'isSet', [], { a: 1 }, true],
  ['Array', 'notSet', [], [1], false],
  // A missing value: comparisons false, the negations true (evaluate.ts)
  ['String', 'equals', v('a'), null, false],
  ['String', 'notEquals', v('a'), null, true],
  ['String', 'notContains', v('a'), undefined, true],
  ['Number', 'notIn', v(1, 2), null, true],
  ['Number', 'between', v(1, 2), null, false],
  ['Boolean', 'isFalse', [], null, false],
];

describe('condition operators at run time (spec part 2 §3 "Operators", "Condition rule")', () => {
  it.each(rows)('%s %s %j on %j → %s', (type, operator, values, value, holds) => {
    expect(ruleHolds(rule(operator, values), type, value, context())).toBe(holds);
  });

  it('covers every operator each type family allows (operators.ts, the table publish validation reads)', () => {
    const family: Record<string, TypeFamily> = {
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
    const tested = new Set(rows.map(([type, operator]) => `${family[type]} ${operator}`));
    const missing = Object.entries(operatorsByFamily).flatMap(([name, allowed]) =>
      allowed
        .filter((operator) => !tested.has(`${name} ${operator}`))
        .map((operator) => `${name} ${operator}`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(operatorTests).sort()).toEqual([...operators].sort());
  });

  it('dynamic values compare with the named flow field, offsets moving dates (spec part 2 §3 "Condition rule")', () => {
    const dynamic = rule('greaterThan', [{ Field: 'since', Offset: 1, OffsetUnit: 'month' }], 'Dynamic');
    expect(ruleHolds(dynamic, 'DateOnly', '2026-02-01', context({ since: '2025-12-31' }))).toBe(true);
    expect(ruleHolds(dynamic, 'DateOnly', '2026-01-31', context({ since: '2025-12-31' }))).toBe(false);
    const limit = rule('smallerEquals', [{ Field: 'limit' }], 'Dynamic');
    expect(ruleHolds(limit, 'Decimal', 10, context({ limit: 10 }))).toBe(true);
    expect(ruleHolds(limit, 'Decimal', 10, context({ limit: null }))).toBe(false);
  });

  it('groups hold when any group holds, a group when all its rules hold (evaluate.ts)', () => {
    const values: Record<string, unknown> = { a: 1, b: 2 };
    const field = (name: string) => ({ value: values[name], type: 'Number' });
    const eq = (Name: string, Value: number) => ({ ...rule('equals', v(Value)), Name });
    expect(groupsHold([{ Rules: [eq('a', 1), eq('b', 2)] }], field, context())).toBe(true);
    expect(groupsHold([{ Rules: [eq('a', 1), eq('b', 3)] }], field, context())).toBe(false);
    expect(groupsHold([{ Rules: [eq('a', 9)] }, { Rules: [eq('b', 2)] }], field, context())).toBe(true);
    expect(groupsHold([], field, context())).toBe(false);
  });
});
