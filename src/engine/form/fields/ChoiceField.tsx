import type { FieldProps } from '@rjsf/utils';
import { t } from '../../../messages/t';
import { FieldLabel } from './fieldLabel';

/** One option of a choice: its value, what it shows, and whether it can be picked now. */
export interface Choice {
  value: string | number;
  label: string;
  disabled?: boolean;
  /** Why it cannot be picked, shown as its tooltip. */
  reason?: string;
}

const nullable = (schema: FieldProps['schema']) =>
  Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null';

/**
 * A select whose options come from the UI schema, so a form can offer choices that depend on data or on
 * other values (`"ui:field": "choice", "ui:options": { "choices": [{ "value", "label" }] }`), for
 * example the fields of the document chosen above. A value not among the choices shows as unknown.
 */
export function ChoiceField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly, rawErrors, schema, uiSchema } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as { choices?: Choice[]; placeholder?: string };
  const choices = options.choices ?? [];
  const value = formData === undefined || formData === null ? '' : String(formData);
  const known = value === '' || choices.some((choice) => String(choice.value) === value);
  // A value that may be text stays text (a static or system value of any type).
  const numeric =
    schema.type === 'integer' ||
    schema.type === 'number' ||
    (Array.isArray(schema.type) &&
      !schema.type.includes('string') &&
      schema.type.some((type) => type === 'integer' || type === 'number'));
  return (
    <>
      <FieldLabel props={props} />
      <select
        id={fieldPathId.$id}
        className="field__select"
        value={value}
        disabled={disabled || readonly}
        aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
        onChange={(event) => {
          const raw = event.target.value;
          const next = raw === '' ? (nullable(schema) ? null : undefined) : numeric ? Number(raw) : raw;
          onChange(next as never, fieldPathId.path);
        }}
      >
        <option value="">{options.placeholder ?? t('chooseValue')}</option>
        {!known && <option value={value}>{value} (unknown)</option>}
        {choices.map((choice) => (
          <option
            key={String(choice.value)}
            value={String(choice.value)}
            disabled={choice.disabled}
            title={choice.reason}
          >
            {choice.label}
          </option>
        ))}
      </select>
    </>
  );
}
