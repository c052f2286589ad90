import Form from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { memo, useCallback, useMemo, useRef } from 'react';
import type { FieldError } from '../../validation/fieldErrors';
import { fields as engineFields } from './fields';
import type { FormDefinition } from './formDefinition';
import { createFormValidator } from './formValidator';
import { type HeldValues, HeldValuesContext } from './heldValues';
import { opaqueNames, opaqueProperties } from './opaqueProperties';
import { templates, widgets } from './theme';
import { toErrorSchema } from './toErrorSchema';

export interface SchemaFormProps<T> {
  form: FormDefinition;
  value: T;
  onChange(value: T): void;
  /** Errors of the last validation run, shown inline. */
  errors?: readonly FieldError[];
  readOnly?: boolean;
  /** Builder-specific fields (RJSF registry), looked up by `ui:field`. */
  fields?: RegistryFieldsType;
  /** Builder-specific widgets that replace the theme's by name (e.g. 'code'). */
  widgets?: RegistryWidgetsType;
  /** Shared with custom fields and widgets (e.g. reference lists, the drawer opener). */
  formContext?: Record<string, unknown>;
  /** Prefix of the inputs' ids (default 'root'); a drawer's form needs its own beside the page's. */
  idPrefix?: string;
}

/**
 * The one form engine: RJSF with the console's theme. It never validates on its own (noValidate); the
 * engine's validation run supplies the errors, so forms, panel and server agree. Read-only mode disables
 * every input (spec part 1 §6).
 */
function SchemaFormImpl<T>({
  form,
  value,
  onChange,
  errors,
  readOnly,
  fields,
  widgets: ownWidgets,
  formContext,
  idPrefix,
}: SchemaFormProps<T>) {
  const schema = useMemo(() => opaqueProperties(form.schema, form.uiSchema), [form]);
  const validator = useMemo(() => createFormValidator(schema, () => []), [schema]);
  const extraErrors = useMemo(
    () => (errors && errors.length > 0 ? toErrorSchema(errors) : undefined),
    [errors],
  );
  const registryFields = useMemo(() => ({ ...engineFields, ...fields }), [fields]);
  const registryWidgets = useMemo(() => ({ ...widgets, ...ownWidgets }), [ownWidgets]);

  // Opaque properties stay out of RJSF's data; their fields read and change them through HeldValues.
  const held = useMemo(() => opaqueNames(form.uiSchema), [form]);
  const { inner, outside: fresh } = useMemo(() => split(value, held), [value, held]);
  // The same object while the held values are the same ones, so typing elsewhere does not reach their fields.
  const kept = useRef<Data>({});
  const outside = sameEntries(kept.current, fresh) ? kept.current : fresh;
  kept.current = outside;
  const latest = useRef({ value, outside, onChange, held });
  latest.current = { value, outside, onChange, held };
  const set = useCallback((name: string, next: unknown) => {
    const { value, onChange } = latest.current;
    onChange({ ...(value as Data), [name]: next } as T);
  }, []);
  const update = useCallback((change: (value: Data) => Data) => {
    const { value, onChange } = latest.current;
    onChange(change(value as Data) as T);
  }, []);
  const heldValues = useMemo<HeldValues | null>(
    () => (held.length > 0 ? { names: held, values: outside, set, update } : null),
    [held, outside, set, update],
  );
  const change = useCallback((formData: unknown) => {
    const { outside, onChange, held } = latest.current;
    const next = (held.length > 0 ? { ...(split(formData, held).inner as Data), ...outside } : formData) as T;
    if (next && typeof next === 'object') {
      handedOut.set(next, onChange as (value: unknown) => void);
      // The held values' setters build on it even if the form is not rendered with it (see `same`).
      latest.current = { ...latest.current, value: next };
    }
    onChange(next);
  }, []);

  return (
    <HeldValuesContext.Provider value={heldValues}>
      <Form
        schema={schema}
        uiSchema={form.uiSchema}
        formData={inner}
        validator={validator}
        templates={templates}
        widgets={registryWidgets}
        fields={registryFields}
        formContext={formContext}
        {...(idPrefix ? { idPrefix } : {})}
        noValidate
        showErrorList={false}
        extraErrors={extraErrors}
        disabled={readOnly}
        readonly={readOnly}
        className="schema-form"
        tagName="div"
        onChange={(event) => change(event.formData)}
        experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
      />
    </HeldValuesContext.Provider>
  );
}

type Data = Record<string, unknown>;

const sameEntries = (a: Data, b: Data) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(b).every((key) => a[key] === b[key]);

/** A value without its held properties (for RJSF), and the held ones. */
function split(value: unknown, held: readonly string[]): { inner: unknown; outside: Data } {
  if (held.length === 0 || !value || typeof value !== 'object') return { inner: value, outside: {} };
  const inner: Data = { ...(value as Data) };
  const outside: Data = {};
  for (const name of held) {
    if (name in inner) outside[name] = inner[name];
    delete inner[name];
  }
  return { inner, outside };
}

/** Values a form's RJSF change handed to its onChange, with that onChange. */
const handedOut = new WeakMap<object, (value: unknown) => void>();

/**
 * A form rendered again only for its own change coming back as its value needs no render: RJSF shows
 * that value already. Each key typed into a 500-field form came back so (the editor hands the draft
 * down after the key's frame), and RJSF re-derived the whole form's state from it: a task of 5 to 15 ms
 * after each key, and the garbage of it, whose collections landed in later keys (issue 20 point 3).
 */
function same<T>(before: SchemaFormProps<T>, after: SchemaFormProps<T>): boolean {
  const keys = Object.keys(after) as Array<keyof SchemaFormProps<T>>;
  if (keys.length !== Object.keys(before).length) return false;
  for (const key of keys) if (key !== 'value' && before[key] !== after[key]) return false;
  const { value } = after;
  return (
    value === before.value ||
    (typeof value === 'object' && value !== null && handedOut.get(value) === after.onChange)
  );
}

export const SchemaForm = memo(SchemaFormImpl, same) as typeof SchemaFormImpl;
