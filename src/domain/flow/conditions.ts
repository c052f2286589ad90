import { typesComparable } from '../rules/mapping';
import { operatorDefinitions, takesList, takesNoValue } from './operators';
import type { ConditionGroup, ConditionRule, ConditionValue, FlowField, Operator } from './types';

/**
 * The condition editor's behaviour as pure functions (spec part 2 §4 'Condition editor'):
 * changing the field resets operator and values; changing the operator or rule type resets the values;
 * an operator with no input forces a static rule; the dynamic rule is disabled when nothing is comparable
 * and for maxLength/minLength; saving drops empty values.
 */

export type RuleType = NonNullable<ConditionRule['RuleType']>;

export const emptyValue = (): ConditionValue => ({
  Value: null,
  Field: null,
  Offset: null,
  OffsetUnit: null,
});

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** Whether a value input holds something: a value, or (dynamic) a field. */
export const isFilled = (value: ConditionValue | null | undefined) =>
  value !== null && value !== undefined && (!blank(value.Value) || !blank(value.Field));

export const newRule = (): ConditionRule => ({
  Name: null,
  ValueType: null,
  Operator: null,
  RuleType: 'Static',
  Values: [],
});

export const newGroup = (): ConditionGroup => ({ Rules: [newRule()] });

/** The inputs an operator starts with: none, its count, or two for a list. */
export function initialValues(operator: Operator | null | undefined): ConditionValue[] {
  if (!operator) return [];
  const { min } = operatorDefinitions[operator];
  return Array.from({ length: min }, emptyValue);
}

/** Changing the field resets operator and values (part 2 §4). */
export function chooseField(
  rule: ConditionRule,
  field: Pick<FlowField, 'Name' | 'Type'> | null,
): ConditionRule {
  return {
    ...rule,
    Name: field?.Name ?? null,
    ValueType: field?.Type ?? null,
    Operator: null,
    RuleType: 'Static',
    Values: [],
  };
}

/** Whether the dynamic rule type may be chosen (part 2 §4). */
export function dynamicAllowed(operator: Operator | null | undefined, comparableCount: number): boolean {
  if (comparableCount === 0) return false;
  if (operator === 'maxLength' || operator === 'minLength') return false;
  return !takesNoValue(operator);
}

/** Changing the operator resets the values; an operator with no input forces a static rule (part 2 §4). */
export function chooseOperator(
  rule: ConditionRule,
  operator: Operator | null,
  comparableCount: number,
): ConditionRule {
  const ruleType: RuleType =
    rule.RuleType === 'Dynamic' && dynamicAllowed(operator, comparableCount) ? 'Dynamic' : 'Static';
  return { ...rule, Operator: operator, RuleType: ruleType, Values: initialValues(operator) };
}

/** Changing the rule type resets the values; it stays static where dynamic is not allowed (part 2 §4). */
export function chooseRuleType(
  rule: ConditionRule,
  ruleType: RuleType,
  comparableCount: number,
): ConditionRule {
  const allowed = ruleType === 'Static' || dynamicAllowed(rule.Operator, comparableCount);
  return { ...rule, RuleType: allowed ? ruleType : 'Static', Values: initialValues(rule.Operator) };
}

/** For in/notIn a fresh empty input is added when the last is filled (part 2 §3 'Operators'). */
export function withFreshInput(
  operator: Operator | null | undefined,
  values: ConditionValue[],
): ConditionValue[] {
  if (!takesList(operator)) return values;
  const last = values.at(-1);
  return last === undefined || isFilled(last) ? [...values, emptyValue()] : values;
}

/** Sets one value input, keeping a fresh empty input at the end of lists. */
export function setValue(rule: ConditionRule, index: number, patch: Partial<ConditionValue>): ConditionRule {
  const values = [...(rule.Values ?? [])];
  values[index] = { ...(values[index] ?? emptyValue()), ...patch };
  return { ...rule, Values: withFreshInput(rule.Operator, values) };
}

/** Saving a condition drops values with both value and field empty (part 2 §4). */
export function cleanCondition(rule: ConditionRule): ConditionRule {
  return { ...rule, Values: (rule.Values ?? []).filter(isFilled) };
}

/** Saving a read filter drops empty or null values (part 2 §4). */
export function cleanFilter(rule: ConditionRule): ConditionRule {
  return { ...rule, Values: (rule.Values ?? []).filter((value) => value !== null && isFilled(value)) };
}

export function cleanGroups(
  groups: readonly ConditionGroup[],
  clean: (rule: ConditionRule) => ConditionRule,
) {
  return groups.map((group) => ({ ...group, Rules: (group.Rules ?? []).map(clean) }));
}

/** Flow fields a dynamic rule on a field of this type may compare with (part 2 §5 'Comparable types'). */
export function comparableFields(type: string | null | undefined, fields: readonly FlowField[]): FlowField[] {
  return fields.filter((field) => typesComparable(type, field.Type));
}
