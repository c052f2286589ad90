import type { WidgetProps } from '@rjsf/utils';
import { t } from '../../messages/t';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A select whose options a derived UI schema gives in `ui:options.choices` (lists that depend on other
 * values of the form, e.g. the default types a field type permits). A stored value that is not among the
 * choices stays visible as '(unknown)' so the error about it can be read and fixed.
 */
export function ChoiceWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  options,
  rawErrors,
}: WidgetProps) {
  const choices = (options.choices as Choice[] | undefined) ?? [];
  const known =
    value === undefined || value === null || value === '' || choices.some((choice) => choice.value === value);
  return (
    <select
      id={id}
      className="field__select"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{(options.placeholder as string | undefined) ?? t('chooseValue')}</option>
      {!known && <option value={String(value)}>{String(value)} (unknown)</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
