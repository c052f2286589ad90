import type { WidgetProps } from '@rjsf/utils';
import { t } from '../../messages/t';

export interface Choice {
  value: string;
  label: string;
}

/**
 * The select both choice widgets draw: an empty first option (the placeholder, or 'Loading…'), then the
 * choices. A stored value that is not among them stays visible as '(unknown)' so the error about it can
 * be read and fixed.
 */
export function ChoiceSelect({
  props,
  choices,
  placeholder,
  loading = false,
}: {
  props: WidgetProps;
  choices: readonly Choice[];
  placeholder?: string | undefined;
  loading?: boolean;
}) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors } = props;
  const known =
    value === undefined || value === null || value === '' || choices.some((choice) => choice.value === value);
  return (
    <select
      id={id}
      className="field__select"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly || loading}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      aria-busy={loading || undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{loading ? 'Loading…' : (placeholder ?? t('chooseValue'))}</option>
      {!known && <option value={String(value)}>{String(value)} (unknown)</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
