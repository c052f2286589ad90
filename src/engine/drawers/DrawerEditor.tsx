import { type ReactNode, useMemo } from 'react';
import type { FieldError } from '../../validation/fieldErrors';
import { useDrawerEditing } from './useDrawerEditing';

/** What the body of a DrawerEditor draws with. */
export interface DrawerEditorBody<T> {
  value: T;
  onChange(next: T): void;
  /** Errors of the current value (from `validate`), for inline messages. */
  errors: readonly FieldError[];
  readOnly: boolean;
}

export interface DrawerEditorProps<T> {
  drawerKey: string;
  value: T;
  /** Resolves true when saved; the drawer then closes. */
  onSave(value: T): Promise<boolean> | boolean;
  validate?(value: T): FieldError[];
  readOnly?: boolean;
  saveLabel?: string;
  /** Left of the buttons: a count, a hint. */
  footerInfo?: ReactNode;
  children(body: DrawerEditorBody<T>): ReactNode;
}

/**
 * A drawer whose body is not a schema form (tables, pickers, the condition editor), with the drawer rules
 * of DrawerForm (spec part 2 §2 'Drawers'): Save is disabled until something changed and the value is
 * valid, and shown only when editing is permitted; unsaved changes make closing ask first; Ctrl/Cmd+S
 * saves the topmost drawer.
 * @example <DrawerEditor drawerKey="check" value={config} onSave={save}>{({ value, onChange }) => …}</DrawerEditor>
 */
export function DrawerEditor<T>(props: DrawerEditorProps<T>) {
  const { drawerKey, onSave, validate, readOnly = false } = props;
  const { value, setValue, modified, busy, save, close } = useDrawerEditing({
    drawerKey,
    initial: props.value,
    readOnly,
    onSave,
    canSave: (current) => (validate ? validate(current) : []).length === 0,
  });
  const errors = useMemo(() => (validate ? validate(value) : []), [validate, value]);

  return (
    <div className="drawer-form">
      {props.children({ value, onChange: setValue, errors, readOnly })}
      <footer className="drawer__footer drawer-form__footer">
        {props.footerInfo && <span className="drawer-editor__info">{props.footerInfo}</span>}
        <button type="button" className="button" onClick={close}>
          {readOnly ? 'Close' : 'Cancel'}
        </button>
        {!readOnly && (
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
