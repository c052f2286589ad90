import { dateKeywords, familyOf, isDateKeyword, offsetUnits } from '../../../domain/flow/operators';
import type { ConditionValue, FlowField, OffsetUnit } from '../../../domain/flow/types';
import { withSeconds } from '../../../domain/rules/typeFormats';
import { FieldSelect } from '../fields/FieldSelect';

const offsetOf = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)));

/** Offset and unit of a date value (spec part 2 §3: offsets with units second … year). */
function Offset({
  value,
  label,
  onChange,
  readOnly,
}: {
  value: ConditionValue;
  label: string;
  onChange(patch: Partial<ConditionValue>): void;
  readOnly: boolean;
}) {
  return (
    <span className="flow-value__offset">
      <input
        className="field__input flow-value__number"
        type="number"
        step={1}
        aria-label={`${label} offset`}
        placeholder="offset"
        value={value.Offset ?? ''}
        readOnly={readOnly}
        onChange={(event) => onChange({ Offset: offsetOf(event.target.value) })}
      />
      <select
        className="field__select"
        aria-label={`${label} offset unit`}
        value={value.OffsetUnit ?? ''}
        disabled={readOnly}
        onChange={(event) => onChange({ OffsetUnit: (event.target.value || null) as OffsetUnit | null })}
      >
        <option value="">unit</option>
        {offsetUnits.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * One value of a condition: a static value fitting the field's type (dates may be $now, $today, $month or
 * $year with an offset), a whole number for the length operators, or (dynamic) a comparable flow field
 * with an optional offset.
 */
export function ValueInput(props: {
  label: string;
  type: string;
  value: ConditionValue;
  dynamic: boolean;
  length: boolean;
  comparable: readonly FlowField[];
  onChange(patch: Partial<ConditionValue>): void;
  readOnly: boolean;
  invalid: boolean;
}) {
  const { label, type, value, onChange, readOnly } = props;
  const family = familyOf(type);
  if (props.dynamic) {
    return (
      <span className="flow-value">
        <FieldSelect
          label={`${label} field`}
          value={value.Field}
          fields={props.comparable}
          onChange={(Field) => onChange({ Field })}
          disabled={readOnly}
          invalid={props.invalid}
        />
        {family === 'date' && <Offset value={value} label={label} onChange={onChange} readOnly={readOnly} />}
      </span>
    );
  }
  if (props.length || family === 'number') {
    return (
      <input
        className="field__input flow-value__number"
        type="number"
        step={props.length || type === 'Number' || type === 'Longnumber' ? 1 : 'any'}
        min={props.length ? 1 : undefined}
        aria-label={label}
        aria-invalid={props.invalid || undefined}
        value={value.Value === null || value.Value === undefined ? '' : String(value.Value)}
        readOnly={readOnly}
        onChange={(event) =>
          onChange({ Value: event.target.value === '' ? null : Number(event.target.value) })
        }
      />
    );
  }
  if (family === 'date') {
    const keyword = isDateKeyword(value.Value) ? String(value.Value) : '';
    const inputType = type === 'DateOnly' ? 'date' : 'datetime-local';
    return (
      <span className="flow-value">
        <select
          className="field__select"
          aria-label={`${label} kind`}
          value={keyword}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ Value: event.target.value || null, Offset: null, OffsetUnit: null })
          }
        >
          <option value="">a date</option>
          {dateKeywords.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.value} ({entry.label})
            </option>
          ))}
        </select>
        {keyword ? (
          <Offset value={value} label={label} onChange={onChange} readOnly={readOnly} />
        ) : (
          <input
            className="field__input"
            type={inputType}
            step={inputType === 'datetime-local' ? 1 : undefined}
            aria-label={label}
            aria-invalid={props.invalid || undefined}
            value={typeof value.Value === 'string' ? value.Value.slice(0, 19) : ''}
            readOnly={readOnly}
            onChange={(event) =>
              onChange({
                Value:
                  event.target.value === ''
                    ? null
                    : inputType === 'datetime-local'
                      ? withSeconds(event.target.value)
                      : event.target.value,
              })
            }
          />
        )}
      </span>
    );
  }
  return (
    <input
      className="field__input"
      aria-label={label}
      aria-invalid={props.invalid || undefined}
      value={value.Value === null || value.Value === undefined ? '' : String(value.Value)}
      readOnly={readOnly}
      onChange={(event) => onChange({ Value: event.target.value === '' ? null : event.target.value })}
    />
  );
}
