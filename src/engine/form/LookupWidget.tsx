import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../api/callOperation';
import { t } from '../../messages/t';

interface LookupItem {
  Key: string;
  Value?: string | null;
}

/**
 * A select whose options come from a lookup call named in the UI schema:
 * `"ui:widget": "lookup", "ui:options": { "operation": "Script.GetScriptTypes" }`. Lookups are cached
 * by operation (spec part 1 §7: successful lookup responses are cached by key). Items are {Key, Value}
 * unless `keyProperty` / `labelProperty` name other properties (e.g. Guid and Name).
 */
export function LookupWidget({
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
  const operation = options.operation as OperationId;
  const keyProperty = typeof options.keyProperty === 'string' ? options.keyProperty : 'Key';
  const labelProperty = typeof options.labelProperty === 'string' ? options.labelProperty : 'Value';
  const lookup = useQuery({
    queryKey: ['lookup', operation],
    queryFn: async () => (await callOperation(operation, {})) as unknown as Array<Record<string, unknown>>,
    staleTime: 5 * 60_000,
  });
  const toItem = (row: Record<string, unknown>): LookupItem => ({
    Key: String(row[keyProperty] ?? ''),
    Value:
      row[labelProperty] === undefined || row[labelProperty] === null ? null : String(row[labelProperty]),
  });
  const items = (lookup.data ?? []).map(toItem);
  const known =
    value === undefined || value === null || value === '' || items.some((item) => item.Key === value);
  return (
    <select
      id={id}
      className="field__select"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly || lookup.isPending}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      aria-busy={lookup.isPending || undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{lookup.isPending ? 'Loading…' : t('chooseValue')}</option>
      {!known && <option value={value}>{String(value)} (unknown)</option>}
      {items.map((item) => (
        <option key={item.Key} value={item.Key}>
          {item.Value ?? item.Key}
        </option>
      ))}
    </select>
  );
}
