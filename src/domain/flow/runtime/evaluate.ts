import { isFilled } from '../conditions';
import { familyOf, isDateKeyword, operatorDefinitions, type TypeFamily } from '../operators';
import type { ConditionGroup, ConditionRule, ConditionValue, Operator } from '../types';
import { addOffset, keywordInstant, parseInstant, toDateOnly, toDateTime } from './dates';
import { canonical, isSetValue, orderKey, sameValue } from './values';

/**
 * Condition evaluation (spec part 2 §3 'Condition rule', 'Operators'), for check blocks and read filters.
 * The operator table and the type families are operators.ts's, the one the publish validation reads.
 *
 * - Groups: a block's conditions hold when any group holds; a group holds when all its rules hold (an
 *   OR of ANDs, as the editor draws groups beside each other and rules under each other). No group holds
 *   nothing: a check without groups never validates, a read without filters reads every row.
 * - A rule compares the field's value with its values: static values as written (dates may be the
 *   keywords $now, $today, $month, $year), dynamic values the flow field they name; a value's offset
 *   moves a date by whole units (calendar days, months, years in UTC; src/domain/flow/runtime/dates.ts).
 * - A missing value (null, absent, empty text) makes every comparison false except the negations
 *   notEquals, notContains and notIn, which hold; isSet and notSet test exactly that; isTrue and isFalse
 *   are false for it. The server's SQL filters (server/runtime/sqlFilters.ts) keep the same rule.
 */

/** What a rule needs at run time: the value of a flow field (dynamic values) and the clock. */
export interface EvaluationContext {
  variable(name: string): unknown;
  /** ms since the epoch. */
  now: number;
}

/** One comparison operand: the value a rule value stands for now, in the field's canonical form. */
export function operandOf(
  type: string | null | undefined,
  rule: Pick<ConditionRule, 'RuleType' | 'Operator'>,
  value: ConditionValue,
  context: EvaluationContext,
): unknown {
  const family = familyOf(type);
  if (rule.Operator && operatorDefinitions[rule.Operator].length) return Number(value.Value);
  const raw = rule.RuleType === 'Dynamic' ? context.variable(value.Field ?? '') : value.Value;
  if (family === 'date') {
    const base = isDateKeyword(raw) ? keywordInstant(raw, context.now) : parseInstant(raw);
    if (base === undefined) return null;
    const moved =
      typeof value.Offset === 'number' && value.OffsetUnit
        ? addOffset(base, value.Offset, value.OffsetUnit)
        : base;
    // A keyword keeps its time of day against a DateOnly field only where it has one ($now).
    return type?.toLowerCase() === 'dateonly' ? toDateOnly(moved) : toDateTime(moved);
  }
  const normal = canonical(type, raw);
  return normal === undefined ? raw : normal;
}

/** The operands of a rule's filled values (empty inputs are dropped, as saving does; spec part 2 §4). */
export function operandsOf(
  type: string | null | undefined,
  rule: ConditionRule,
  context: EvaluationContext,
): unknown[] {
  return (rule.Values ?? []).filter(isFilled).map((value) => operandOf(type, rule, value, context));
}

type Test = (family: TypeFamily | undefined, value: unknown, operands: readonly unknown[]) => boolean;

const text = (value: unknown) => String(value);
const order = (
  family: TypeFamily | undefined,
  value: unknown,
  operand: unknown,
  holds: (a: number, b: number) => boolean,
) => {
  const a = orderKey(family, value);
  const b = orderKey(family, operand);
  return a !== undefined && b !== undefined && holds(a, b);
};
const length = (value: unknown) => (typeof value === 'string' ? [...value].length : undefined);

/**
 * What each operator tests, for a set value (a missing one is decided before; see above). Keyed by the
 * operator type, so a new operator in the contract fails to compile until it is given a meaning here.
 */
export const operatorTests = {
  equals: (family, value, [operand]) => sameValue(family, value, operand),
  notEquals: (family, value, [operand]) => !sameValue(family, value, operand),
  greaterThan: (family, value, [operand]) => order(family, value, operand, (a, b) => a > b),
  greaterEquals: (family, value, [operand]) => order(family, value, operand, (a, b) => a >= b),
  smallerThan: (family, value, [operand]) => order(family, value, operand, (a, b) => a < b),
  smallerEquals: (family, value, [operand]) => order(family, value, operand, (a, b) => a <= b),
  between: (family, value, [low, high]) =>
    order(family, value, low, (a, b) => a >= b) && order(family, value, high, (a, b) => a <= b),
  contains: (_family, value, [operand]) => isSetValue(operand) && text(value).includes(text(operand)),
  notContains: (_family, value, [operand]) => !isSetValue(operand) || !text(value).includes(text(operand)),
  startsWith: (_family, value, [operand]) => isSetValue(operand) && text(value).startsWith(text(operand)),
  endsWith: (_family, value, [operand]) => isSetValue(operand) && text(value).endsWith(text(operand)),
  in: (family, value, operands) => operands.some((operand) => sameValue(family, value, operand)),
  notIn: (family, value, operands) => !operands.some((operand) => sameValue(family, value, operand)),
  isSet: () => true,
  notSet: () => false,
  isTrue: (_family, value) => value === true,
  isFalse: (_family, value) => value === false,
  maxLength: (_family, value, [max]) => (length(value) ?? Number.POSITIVE_INFINITY) <= Number(max),
  minLength: (_family, value, [min]) => (length(value) ?? 0) >= Number(min),
} satisfies Record<Operator, Test>;

/** What an operator answers for a missing value (see above). */
const whenMissing: Partial<Record<Operator, boolean>> = {
  notEquals: true,
  notContains: true,
  notIn: true,
  notSet: true,
};

/** Whether one rule holds for the field's `value` of `type`. */
export function ruleHolds(
  rule: ConditionRule,
  type: string | null | undefined,
  value: unknown,
  context: EvaluationContext,
): boolean {
  const operator = rule.Operator;
  if (!operator) return false;
  const family = familyOf(type);
  const normal = canonical(type, value);
  const present = normal === undefined ? value : normal;
  if (!isSetValue(present)) return whenMissing[operator] ?? false;
  return operatorTests[operator](family, present, operandsOf(type, rule, context));
}

/**
 * Whether condition groups hold (see above). `field` answers a rule's field value and type: a flow field
 * for a check, a row's column for a read filter.
 */
export function groupsHold(
  groups: readonly ConditionGroup[],
  field: (name: string) => { value: unknown; type: string | null | undefined },
  context: EvaluationContext,
): boolean {
  return groups.some((group) =>
    (group.Rules ?? []).every((rule) => {
      const { value, type } = field(rule.Name ?? '');
      return ruleHolds(rule, type ?? rule.ValueType, value, context);
    }),
  );
}
