import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../../api/callOperation';
import { t } from '../../../messages/t';
import type { Choice } from './ChoiceField';
import { FieldLabel } from './fieldLabel';
import './ChecklistField.css';

type Row = Record<string, unknown>;

/** Where the choices come from: the UI schema itself, or a lookup call it names. */
interface ChecklistOptions {
  choices?: Choice[];
  /** A lookup call answering rows, e.g. 'UserManagement.GetRoles' (spec part 1 §6: roles as checkboxes). */
  operation?: OperationId;
  valueKey?: string;
  labelKey?: string;
  /** Said when the lookup answers no rows. */
  empty?: string;
}

/**
 * Tick several of a list of choices, for an array of strings or numbers: field names offered by the UI
 * schema (`"ui:field": "checklist", "ui:options": { "choices": [...] }`) or references from a lookup call
 * (`"ui:options": { "operation": "UserManagement.GetRoles", "valueKey": "Guid", "labelKey": "Name" }`).
 * Ticked values keep the choices' order; a ticked value that is no longer offered stays visible, marked
 * unknown, so it can be unticked.
 */
export function ChecklistField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly, rawErrors } = props;
  const options = getUiOptions(props.uiSchema) as ChecklistOptions;
  const { operation } = options;
  const lookup = useQuery({
    queryKey: ['lookup', operation],
    queryFn: async () => (await callOperation(operation!, {})) as unknown as Row[],
    enabled: operation !== undefined,
    staleTime: 60_000,
  });
  const valueKey = options.valueKey ?? 'Key';
  const labelKey = options.labelKey ?? 'Value';
  const offered: Choice[] = operation
    ? (lookup.data ?? []).map((row) => ({
        value: row[valueKey] as Choice['value'],
        label: String(row[labelKey] ?? row[valueKey]),
      }))
    : (options.choices ?? []);
  const chosen = (formData as Choice['value'][] | undefined) ?? [];
  const ticked = new Set(chosen.map(String));
  const loading = operation !== undefined && lookup.isPending;
  const unknown = chosen
    .filter((value) => !offered.some((choice) => String(choice.value) === String(value)))
    .map((value) => ({ value, label: loading ? String(value) : `${String(value)} (unknown)` }));
  const all: Choice[] = [...offered, ...unknown];
  const toggle = (value: string, on: boolean) => {
    const next = all
      .filter((choice) => (String(choice.value) === value ? on : ticked.has(String(choice.value))))
      .map((choice) => choice.value);
    onChange(next as never, fieldPathId.path);
  };
  return (
    <fieldset
      className="checklist"
      id={fieldPathId.$id}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
    >
      <legend className="checklist__legend">
        <FieldLabel props={props} htmlFor={`${fieldPathId.$id}_0`} />
      </legend>
      {loading && <span className="spinner" role="status" aria-label="Loading" />}
      {lookup.isError && (
        <p className="checklist__note" role="alert">
          {t('lookup.failed')}
        </p>
      )}
      {!loading && !lookup.isError && all.length === 0 && (
        <p className="checklist__note">{operation ? (options.empty ?? t('lookup.empty')) : '—'}</p>
      )}
      <div className="checklist__items">
        {all.map((choice, index) => (
          <label key={String(choice.value)} className="checkbox checklist__item" title={choice.reason}>
            <input
              id={`${fieldPathId.$id}_${index}`}
              type="checkbox"
              checked={ticked.has(String(choice.value))}
              disabled={disabled || readonly || (choice.disabled && !ticked.has(String(choice.value)))}
              onChange={(event) => toggle(String(choice.value), event.target.checked)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
