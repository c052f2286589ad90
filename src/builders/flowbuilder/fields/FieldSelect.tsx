import type { FlowField } from '../../../domain/flow/types';
import { t } from '../../../messages/t';

/** A select of flow fields, shown as "name (Type)". */
export function FieldSelect(props: {
  id?: string;
  label: string;
  value: string | null | undefined;
  fields: readonly FlowField[];
  onChange(name: string | null): void;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
}) {
  const { value, fields } = props;
  const known = !value || fields.some((field) => field.Name === value);
  return (
    <select
      id={props.id}
      className="field__select"
      aria-label={props.label}
      value={value ?? ''}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">{props.placeholder ?? t('chooseValue')}</option>
      {!known && <option value={value ?? ''}>{value} (missing)</option>}
      {fields.map((field) => (
        <option key={field.Name} value={field.Name}>
          {field.Name} ({field.Type ?? '?'})
        </option>
      ))}
    </select>
  );
}
