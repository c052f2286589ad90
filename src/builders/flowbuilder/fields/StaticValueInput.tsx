import { flowType } from '../../../domain/flow/fieldTypes';
import type { FlowField } from '../../../domain/flow/types';
import { withSeconds } from '../../../domain/rules/typeFormats';

/** A static value fitting a field type: a checkbox for booleans, date inputs for dates, text otherwise. */
export function StaticValueInput(props: {
  id?: string;
  label: string;
  type: string | null | undefined;
  value: FlowField['Value'];
  onChange(value: FlowField['Value']): void;
  readOnly: boolean;
  invalid?: boolean;
}) {
  const type = flowType(props.type);
  if (type === 'Boolean')
    return (
      <label className="checkbox">
        <input
          id={props.id}
          type="checkbox"
          checked={props.value === true}
          disabled={props.readOnly}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span>{props.label}</span>
      </label>
    );
  const inputType = type === 'DateOnly' ? 'date' : type === 'DateTime' ? 'datetime-local' : 'text';
  return (
    <input
      id={props.id}
      className="field__input"
      type={inputType}
      step={inputType === 'datetime-local' ? 1 : undefined}
      inputMode={type === 'Number' || type === 'Longnumber' || type === 'Decimal' ? 'decimal' : undefined}
      aria-label={props.label}
      aria-invalid={props.invalid || undefined}
      value={
        props.value === null || props.value === undefined
          ? ''
          : String(props.value).slice(0, inputType === 'datetime-local' ? 19 : undefined)
      }
      readOnly={props.readOnly}
      onChange={(event) => {
        const text = event.target.value;
        props.onChange(text === '' ? null : inputType === 'datetime-local' ? withSeconds(text) : text);
      }}
    />
  );
}
