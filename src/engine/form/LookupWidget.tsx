import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../api/callOperation';
import { t } from '../../messages/t';

type LookupItem = Record<string, unknown>;

/**
 * A select whose options come from a lookup call named in the UI schema:
 * `"ui:widget": "lookup", "ui:options": { "operation": "Script.GetScriptTypes" }`. Path and query
 * parameters may be given (`"path": { "name": "SchemaTypes" }`), and items other than Key/Value named
 * (`"itemKey": "Name", "itemLabel": "Name"`). Lookups are cached by operation and parameters (spec part 1
 * §7: successful lookup responses are cached by key).
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
  const path = options.path as Record<string, string> | undefined;
  const query = options.query as Record<string, string | boolean> | undefined;
  // `keyProperty` / `labelProperty` are the flow drawers' older names for `itemKey` / `itemLabel`.
  const keyName = ((options.itemKey ?? options.keyProperty) as string | undefined) ?? 'Key';
  const labelName = ((options.itemLabel ?? options.labelProperty) as string | undefined) ?? 'Value';
  const keyOf = (item: LookupItem) => String(item[keyName] ?? '');
  const labelOf = (item: LookupItem) => String(item[labelName] ?? keyOf(item));
  const lookup = useQuery({
    queryKey: ['lookup', operation, path ?? null, query ?? null],
    queryFn: async () =>
      (await callOperation(operation, {
        path: path as never,
        query: query as never,
      })) as unknown as LookupItem[],
    staleTime: 5 * 60_000,
  });
  const items = lookup.data ?? [];
  const known =
    value === undefined || value === null || value === '' || items.some((item) => keyOf(item) === value);
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
        <option key={keyOf(item)} value={keyOf(item)}>
          {labelOf(item)}
        </option>
      ))}
    </select>
  );
}
