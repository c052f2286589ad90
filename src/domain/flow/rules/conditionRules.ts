import type { FieldError } from '../../../validation/fieldErrors';
import { typesComparable } from '../../rules/mapping';
import { valueFormatError } from '../../rules/typeFormats';
import { isFilled } from '../conditions';
import { flowType } from '../fieldTypes';
import { familyOf, isDateKeyword, operatorAllowed, operatorDefinitions } from '../operators';
import { addOffset, keywordInstant, parseInstant } from '../runtime/dates';
import type { FieldScope } from '../scope';
import type { ConditionGroup, ConditionRule, ConditionValue, FlowBlock } from '../types';
import { blank, problem } from './context';

/**
 * A static value as a number for ordering (numbers, dates and date keywords with their offsets), or
 * undefined: the keywords and offsets are the runtime's (src/domain/flow/runtime/dates.ts), so a between
 * that validates orders its values as the running flow does.
 */
export function orderValue(
  value: ConditionValue,
  family: string | undefined,
  now: number,
): number | undefined {
  const raw = value.Value;
  let base: number | undefined;
  if (family === 'number') base = raw === null || raw === '' ? undefined : Number(raw);
  else if (family === 'date') base = isDateKeyword(raw) ? keywordInstant(raw, now) : parseInstant(raw);
  if (base === undefined || Number.isNaN(base)) return undefined;
  if (family === 'date' && typeof value.Offset === 'number' && value.OffsetUnit)
    return addOffset(base, value.Offset, value.OffsetUnit);
  return base;
}

function valueErrors(
  block: FlowBlock,
  at: string,
  rule: ConditionRule,
  value: ConditionValue,
  type: string,
  compare: FieldScope,
): FieldError[] {
  const errors: FieldError[] = [];
  const operator = rule.Operator!;
  if (rule.RuleType === 'Dynamic') {
    if (blank(value.Field))
      errors.push(
        problem(block, `${at}/Field`, 'fb.flowErrors.compareFieldNotChosen', { name: rule.Name ?? '' }),
      );
    else {
      const other = compare.get(value.Field);
      if (!other)
        errors.push(
          problem(block, `${at}/Field`, 'fb.flowErrors.compareFieldMissing', { name: value.Field! }),
        );
      else if (!typesComparable(type, other.Type))
        errors.push(
          problem(block, `${at}/Field`, 'fb.flowErrors.compareFieldNotComparable', {
            name: rule.Name ?? '',
            type,
            field: other.Name,
            fieldType: other.Type ?? '?',
          }),
        );
    }
  } else if (operatorDefinitions[operator].length) {
    const number = Number(value.Value);
    if (blank(value.Value) || !Number.isInteger(number) || number < 1)
      errors.push(problem(block, `${at}/Value`, 'fb.flowErrors.lengthValueInvalid', { operator }));
  } else if (!(familyOf(type) === 'date' && isDateKeyword(value.Value))) {
    if (valueFormatError(flowType(type)!, value.Value) !== null)
      errors.push(
        problem(block, `${at}/Value`, 'fb.flowErrors.conditionValueInvalid', {
          value: String(value.Value ?? ''),
          type,
        }),
      );
  }
  const hasOffset = typeof value.Offset === 'number';
  if (hasOffset !== !blank(value.OffsetUnit))
    errors.push(problem(block, `${at}/Offset`, 'fb.flowErrors.offsetIncomplete'));
  return errors;
}

/**
 * One condition rule (spec part 2 §5 'Flow blocks' Check and Read filter conditions; §3 'Operators'):
 * a chosen field that exists; an operator valid for its type; the operator's value count; static values
 * that fit the type (length operators a whole number of at least 1, dates may be $now, $today, $month,
 * $year); a dynamic value's field exists and is comparable; offset and unit both set or both empty;
 * for between, value 1 less than value 2.
 */
export function conditionRuleErrors(
  block: FlowBlock,
  path: string,
  rule: ConditionRule,
  fields: FieldScope,
  compare: FieldScope,
  now: number,
): FieldError[] {
  if (blank(rule.Name)) return [problem(block, `${path}/Name`, 'fb.flowErrors.conditionFieldNotChosen')];
  const field = fields.get(rule.Name);
  if (!field)
    return [problem(block, `${path}/Name`, 'fb.flowErrors.conditionFieldMissing', { name: rule.Name! })];
  const type = field.Type ?? '';
  const operator = rule.Operator;
  if (!operator)
    return [problem(block, `${path}/Operator`, 'fb.flowErrors.operatorNotChosen', { name: field.Name })];
  if (!operatorAllowed(operator, type))
    return [problem(block, `${path}/Operator`, 'fb.flowErrors.operatorInvalidForType', { operator, type })];
  const errors: FieldError[] = [];
  const definition = operatorDefinitions[operator];
  const values = rule.Values ?? [];
  const filled = values.filter(isFilled);
  if (definition.max === 0 && filled.length > 0)
    errors.push(problem(block, `${path}/Values`, 'fb.flowErrors.noValueExpected', { operator }));
  else if (definition.max === Number.POSITIVE_INFINITY && filled.length < definition.min)
    errors.push(
      problem(block, `${path}/Values`, 'fb.flowErrors.valueCountAtLeast', {
        operator,
        count: definition.min,
      }),
    );
  else if (
    definition.max !== Number.POSITIVE_INFINITY &&
    definition.max > 0 &&
    filled.length !== definition.min
  )
    errors.push(
      problem(block, `${path}/Values`, 'fb.flowErrors.valueCountExact', { operator, count: definition.min }),
    );
  values.forEach((value, index) => {
    if (isFilled(value))
      errors.push(...valueErrors(block, `${path}/Values/${index}`, rule, value, type, compare));
  });
  if (operator === 'between' && rule.RuleType !== 'Dynamic' && errors.length === 0) {
    const family = familyOf(type);
    const [low, high] = filled.map((value) => orderValue(value, family, now));
    if (low !== undefined && high !== undefined && !(low < high))
      errors.push(problem(block, `${path}/Values/1/Value`, 'fb.flowErrors.betweenOrder'));
  }
  return errors;
}

/**
 * Condition groups (spec part 2 §5 'Flow blocks' Check: "at least one condition group, each
 * non-empty"). `fields` are what the rules test (flow fields for a check, the action's fields for a read
 * filter); `compare` what dynamic values compare with (the flow fields).
 */
export function conditionGroupErrors(
  block: FlowBlock,
  path: string,
  groups: readonly ConditionGroup[],
  options: { fields: FieldScope; compare: FieldScope; requireGroup: boolean; now?: number },
): FieldError[] {
  const errors: FieldError[] = [];
  if (options.requireGroup && groups.length === 0)
    errors.push(problem(block, path, 'fb.flowErrors.noConditionGroups'));
  const now = options.now ?? Date.now();
  groups.forEach((group, g) => {
    const rules = group.Rules ?? [];
    if (rules.length === 0)
      errors.push(problem(block, `${path}/${g}/Rules`, 'fb.flowErrors.conditionGroupEmpty'));
    rules.forEach((rule, r) => {
      errors.push(
        ...conditionRuleErrors(block, `${path}/${g}/Rules/${r}`, rule, options.fields, options.compare, now),
      );
    });
  });
  return errors;
}
