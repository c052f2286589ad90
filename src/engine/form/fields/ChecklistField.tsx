import type { FieldProps } from '@rjsf/utils';
import type { Choice } from './ChoiceField';
import { FieldLabel } from './fieldLabel';

/**
 * Tick several of the choices the UI schema offers, for a list of strings such as field names
 * (`"ui:field": "checklist", "ui:options": { "choices": [...] }`). Ticked values keep the choices' order;
 * a ticked value that is no longer offered stays visible so it can be unticked.
 */
export function ChecklistField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly, uiSchema, rawErrors } = props;
  const choices = ((uiSchema?.['ui:options'] as { choices?: Choice[] } | undefined)?.choices ??
    []) as Choice[];
  const ticked = new Set(((formData as unknown[] | undefined) ?? []).map(String));
  const unknown = [...ticked].filter((value) => !choices.some((choice) => String(choice.value) === value));
  const all: Choice[] = [...choices, ...unknown.map((value) => ({ value, label: `${value} (unknown)` }))];
  const toggle = (value: string, on: boolean) => {
    const next = all
      .map((choice) => String(choice.value))
      .filter((entry) => (entry === value ? on : ticked.has(entry)));
    onChange(next as never, fieldPathId.path);
  };
  return (
    <fieldset className="checklist" aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}>
      <legend className="checklist__legend">
        <FieldLabel props={props} htmlFor={`${fieldPathId.$id}_0`} />
      </legend>
      {all.length === 0 && <p className="help-block">—</p>}
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
    </fieldset>
  );
}
