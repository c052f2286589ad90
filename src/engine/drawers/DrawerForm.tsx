import type { RegistryFieldsType, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { FieldError } from '../../validation/fieldErrors';
import type { ValidationContext } from '../../validation/runtime';
import type { FormDefinition } from '../form/formDefinition';
import { runValidation } from '../form/runValidation';
import { SchemaForm } from '../form/SchemaForm';
import { useDrawerEditing } from './useDrawerEditing';

export interface DrawerFormProps<T> {
  drawerKey: string;
  form: FormDefinition;
  value: T;
  /** Resolves true when saved; the drawer then closes. */
  onSave(value: T): Promise<boolean>;
  readOnly?: boolean;
  context?: ValidationContext;
  rules?(value: T): FieldError[];
  fields?: RegistryFieldsType;
  formContext?: Record<string, unknown>;
  saveLabel?: string;
  /** More actions in the footer (copy, renew, reset two-factor, ...). */
  extraActions?: React.ReactNode;
  /** Show the errors of the opened value at once (an existing item), not only after a change. */
  validateOnOpen?: boolean;
  /** A UI schema that follows the value (options offered only for some types, choices from data). */
  uiSchemaOf?(value: T): UiSchema;
  /** Applies what an edit implies before it is kept (e.g. a key field becomes required). */
  normalize?(next: T, previous: T): T;
  /**
   * A picker or a list whose actions act at once (choose a function, open a field): its inputs only
   * filter or choose, nothing waits to be saved, so there is no Save and closing does not ask.
   */
  acting?: boolean;
  /** Shown under the form, about the value being edited (what a later validation will report). */
  notes?(value: T): React.ReactNode;
}

/**
 * A form in a drawer: Save is disabled until something changed and the content is valid, and shown only
 * when editing is permitted; read-only drawers disable every input (spec part 2 §2 'Drawers'). Unsaved
 * changes make closing ask first.
 */
export function DrawerForm<T>(props: DrawerFormProps<T>) {
  const { drawerKey, form, onSave, readOnly = false, context, rules, acting = false } = props;
  const [shownErrors, setShownErrors] = useState<FieldError[]>([]);
  const validation = (value: T) => runValidation(form, value, context, rules as never);
  const { value, setValue, modified, busy, save, close } = useDrawerEditing({
    drawerKey,
    initial: props.value,
    readOnly: readOnly || acting,
    onSave,
    // A save with errors shows them instead (drawer forms show errors as the user edits).
    canSave: (current) => {
      const found = validation(current);
      setShownErrors(found);
      return found.length === 0;
    },
  });
  const errors = useMemo(
    () => runValidation(form, value, context, rules as never),
    [form, value, context, rules],
  );
  const { uiSchemaOf, normalize } = props;
  const shownForm = useMemo(
    () => (uiSchemaOf ? { ...form, uiSchema: uiSchemaOf(value) } : form),
    [form, uiSchemaOf, value],
  );

  return (
    <div className="drawer-form">
      <SchemaForm
        form={shownForm}
        value={value}
        onChange={(changed) => {
          const next = normalize ? normalize(changed, value) : changed;
          setValue(next);
          if (shownErrors.length > 0) setShownErrors(validation(next));
        }}
        // Drawer forms are small, so their errors show as the user edits (and at once when asked).
        errors={modified || props.validateOnOpen ? errors : shownErrors}
        readOnly={readOnly}
        fields={props.fields}
        formContext={props.formContext}
        // Its own ids, so its labels point at its inputs and not at the page's form beneath. No '_' in
        // it: the theme knows the root's title by an id prefix without one, and hides it (the drawer names it).
        idPrefix={`drawer-${drawerKey.replace(/[^A-Za-z0-9-]/g, '-')}`}
      />
      {props.notes?.(value)}
      <footer className="drawer__footer drawer-form__footer">
        {props.extraActions}
        <button type="button" className="button" onClick={close}>
          {readOnly || acting ? 'Close' : 'Cancel'}
        </button>
        {!readOnly && !acting && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !modified || errors.length > 0}
            onClick={() => void save()}
            aria-keyshortcuts="Control+S"
            title={errors.length > 0 ? errors.map((error) => error.message).join('\n') : undefined}
          >
            {props.saveLabel ?? 'Save'}
          </button>
        )}
      </footer>
    </div>
  );
}
