import {
  chooseField,
  chooseOperator,
  chooseRuleType,
  comparableFields,
  dynamicAllowed,
  setValue,
} from '../../../domain/flow/conditions';
import { operatorDefinitions, operatorsFor } from '../../../domain/flow/operators';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionRule, Operator } from '../../../domain/flow/types';
import type { FieldError } from '../../../validation/fieldErrors';
import { FieldSelect } from '../fields/FieldSelect';
import { messagesIn, Problems } from '../fields/problems';
import { ValueInput } from './ValueInput';

/**
 * One condition: field, operator (those allowed for the field's type), Static or Dynamic, and the
 * operator's values, with the resets of spec part 2 §4 'Condition editor'.
 */
export function RuleEditor(props: {
  rule: ConditionRule;
  label: string;
  fields: FieldScope;
  compare: FieldScope;
  onChange(rule: ConditionRule): void;
  onRemove(): void;
  /** Errors with paths relative to the condition groups; `path` is the rule's place among them. */
  errors: readonly FieldError[];
  path: string;
  /** Unique in the page: names the rule's radio group. */
  idBase: string;
  readOnly: boolean;
}) {
  const { rule, label, onChange, errors, path, readOnly } = props;
  const field = props.fields.get(rule.Name);
  const type = field?.Type ?? rule.ValueType ?? '';
  const comparable = comparableFields(type, props.compare.fields());
  const operator = rule.Operator ?? null;
  const dynamicOk = dynamicAllowed(operator, comparable.length);
  const values = rule.Values ?? [];
  const at = (suffix: string, below = false) => messagesIn(errors, `${path}${suffix}`, { below });
  return (
    <fieldset className="flow-rule" aria-label={label}>
      <div className="flow-rule__row">
        <FieldSelect
          label={`${label} field`}
          value={rule.Name}
          fields={props.fields.fields()}
          disabled={readOnly}
          invalid={at('/Name').length > 0}
          onChange={(name) => onChange(chooseField(rule, name ? (props.fields.get(name) ?? null) : null))}
        />
        <select
          className="field__select"
          aria-label={`${label} operator`}
          value={operator ?? ''}
          disabled={readOnly || !field}
          aria-invalid={at('/Operator').length > 0 || undefined}
          onChange={(event) =>
            onChange(chooseOperator(rule, (event.target.value || null) as Operator | null, comparable.length))
          }
        >
          <option value="">operator…</option>
          {operatorsFor(type).map((entry) => (
            <option key={entry} value={entry}>
              {operatorDefinitions[entry].label}
            </option>
          ))}
        </select>
        <span className="flow-rule__kind" role="radiogroup" aria-label={`${label} rule type`}>
          {(['Static', 'Dynamic'] as const).map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="radio"
                name={`${props.idBase}${path}-kind`}
                checked={(rule.RuleType ?? 'Static') === kind}
                disabled={readOnly || (kind === 'Dynamic' && !dynamicOk)}
                onChange={() => onChange(chooseRuleType(rule, kind, comparable.length))}
              />
              <span>{kind}</span>
            </label>
          ))}
        </span>
        {!readOnly && (
          <button
            type="button"
            className="button button--small button--danger-outline"
            aria-label={`Remove ${label}`}
            onClick={props.onRemove}
          >
            ×
          </button>
        )}
      </div>
      {values.length > 0 && (
        <div className="flow-rule__values">
          {values.map((value, index) => (
            <ValueInput
              // biome-ignore lint/suspicious/noArrayIndexKey: value inputs have no identity but their place
              key={index}
              label={`${label} value ${index + 1}`}
              type={type}
              value={value}
              dynamic={rule.RuleType === 'Dynamic'}
              length={operator !== null && operatorDefinitions[operator].length === true}
              comparable={comparable}
              readOnly={readOnly}
              invalid={at(`/Values/${index}`, true).length > 0}
              onChange={(patch) => onChange(setValue(rule, index, patch))}
            />
          ))}
        </div>
      )}
      <Problems messages={[...at('/Name'), ...at('/Operator'), ...at('/Values', true)]} />
    </fieldset>
  );
}
