import type { FieldProps } from '@rjsf/utils';
import { withSeconds } from '../../domain/rules/typeFormats';
import { FieldLabel } from '../../engine/form/fields/fieldLabel';

/**
 * The value of a static default, typed as the field it fills (`ui:options.fieldType`): a checkbox for a
 * boolean, a number for numbers, a date or date and time, else text (spec part 2 §5: a static default
 * needs a value that fits the type).
 */
export function StaticValueField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly, uiSchema, rawErrors } = props;
  const type = String(
    (uiSchema?.['ui:options'] as { fieldType?: string } | undefined)?.fieldType ?? 'String',
  );
  const set = (value: unknown) => onChange(value as never, fieldPathId.path);
  const invalid = (rawErrors?.length ?? 0) > 0 ? true : undefined;
  if (type === 'Boolean')
    return (
      <label className="checkbox" htmlFor={fieldPathId.$id}>
        <input
          id={fieldPathId.$id}
          type="checkbox"
          checked={formData === true}
          disabled={disabled || readonly}
          onChange={(event) => set(event.target.checked)}
        />
        <span>{(uiSchema?.['ui:title'] as string | undefined) ?? 'Static value'}</span>
      </label>
    );
  const inputType =
    type === 'Number' || type === 'Longnumber'
      ? 'number'
      : type === 'DateOnly'
        ? 'date'
        : type === 'DateTime'
          ? 'datetime-local'
          : 'text';
  return (
    <>
      <FieldLabel props={props} />
      <input
        id={fieldPathId.$id}
        className="field__input"
        type={inputType}
        step={inputType === 'number' ? 1 : inputType === 'datetime-local' ? 1 : undefined}
        value={formData === undefined || formData === null ? '' : String(formData)}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={invalid}
        onChange={(event) => {
          const raw = event.target.value;
          if (raw === '') set(null);
          else if (inputType === 'number') set(Number(raw));
          else if (inputType === 'datetime-local') set(withSeconds(raw));
          else set(raw);
        }}
      />
    </>
  );
}
