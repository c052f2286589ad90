import Form from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import { memo, useMemo } from 'react';
import type { FieldError } from '../../validation/fieldErrors';
import { fields as engineFields } from './fields';
import type { FormDefinition } from './formDefinition';
import { createFormValidator } from './formValidator';
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
}: SchemaFormProps<T>) {
  const validator = useMemo(() => createFormValidator(form.schema, () => []), [form]);
  const extraErrors = useMemo(
    () => (errors && errors.length > 0 ? toErrorSchema(errors) : undefined),
    [errors],
  );
  const registryFields = useMemo(() => ({ ...engineFields, ...fields }), [fields]);
  const registryWidgets = useMemo(() => ({ ...widgets, ...ownWidgets }), [ownWidgets]);
  return (
    <Form
      schema={form.schema as RJSFSchema}
      uiSchema={form.uiSchema}
      formData={value}
      validator={validator}
      templates={templates}
      widgets={registryWidgets}
      fields={registryFields}
      formContext={formContext}
      noValidate
      showErrorList={false}
      extraErrors={extraErrors}
      disabled={readOnly}
      readonly={readOnly}
      className="schema-form"
      tagName="div"
      onChange={(event) => onChange(event.formData as T)}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
    />
  );
}

export const SchemaForm = memo(SchemaFormImpl) as typeof SchemaFormImpl;
