import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../../api/callOperation';
import { t } from '../../../messages/t';
import './LookupChecklistField.css';

type Value = string | number;
type Row = Record<string, unknown>;

/**
 * An array of references picked as checkboxes, the choices from a lookup call named in the UI schema
 * (spec part 1 §6: 'Users may hold several roles (checkboxes in user details)'):
 * `"ui:field": "lookupChecklist", "ui:options": { "operation": "UserManagement.GetRoles", "valueKey": "Guid", "labelKey": "Name" }`.
 * A chosen value the lookup does not list stays shown, so it can be seen and unticked.
 */
export function LookupChecklistField(props: FieldProps<Value[]>) {
  const { fieldPathId, formData, onChange, disabled, readonly, uiSchema, schema, name, rawErrors } = props;
  const options = getUiOptions(uiSchema);
  const operation = options.operation as OperationId;
  const valueKey = String(options.valueKey ?? 'Key');
  const labelKey = String(options.labelKey ?? 'Value');
  const lookup = useQuery({
    queryKey: ['lookup', operation],
    queryFn: async () => (await callOperation(operation, {})) as unknown as Row[],
    staleTime: 60_000,
  });
  const chosen = formData ?? [];
  const choices = (lookup.data ?? []).map((row) => ({
    value: row[valueKey] as Value,
    label: String(row[labelKey] ?? row[valueKey]),
  }));
  const unknown = chosen
    .filter((value) => !choices.some((choice) => choice.value === value))
    .map((value) => ({ value, label: lookup.isPending ? String(value) : `${String(value)} (unknown)` }));
  const toggle = (value: Value, on: boolean) => {
    const next = on ? [...chosen, value] : chosen.filter((entry) => entry !== value);
    onChange(next, fieldPathId.path);
  };
  const title = String(options.title ?? schema.title ?? name);
  const off = disabled || readonly;
  return (
    <fieldset
      className="checklist"
      id={fieldPathId.$id}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
    >
      <legend className="field__label">{title}</legend>
      {lookup.isPending && <span className="spinner" role="status" aria-label="Loading" />}
      {lookup.isError && (
        <p className="checklist__note" role="alert">
          {t('lookup.failed')}
        </p>
      )}
      {lookup.isSuccess && choices.length === 0 && unknown.length === 0 && (
        <p className="checklist__note">{String(options.empty ?? t('lookup.empty'))}</p>
      )}
      <div className="checklist__items">
        {[...choices, ...unknown].map((choice) => (
          <label key={String(choice.value)} className="checkbox checklist__item">
            <input
              type="checkbox"
              checked={chosen.includes(choice.value)}
              disabled={off}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
