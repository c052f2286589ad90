import Form from '@rjsf/core';
import type { RegistryFieldsType, RJSFSchema } from '@rjsf/utils';
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
  /** Shared with custom fields and widgets (e.g. reference lists, the drawer opener). */
  formContext?: Record<string, unknown>;
  /** Prefix of the inputs' ids ('root' by default); a form in a drawer needs its own, as the page's form is still there. */
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
  formContext,
  idPrefix,
}: SchemaFormProps<T>) {
  const validator = useMemo(() => createFormValidator(form.schema, () => []), [form]);
  const extraErrors = useMemo(
    () => (errors && errors.length > 0 ? toErrorSchema(errors) : undefined),
    [errors],
  );
  const registryFields = useMemo(() => ({ ...engineFields, ...fields }), [fields]);
  return (
    <Form
      schema={form.schema as RJSFSchema}
      uiSchema={form.uiSchema}
      formData={value}
      validator={validator}
      templates={templates}
      widgets={widgets}
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
      onChange={(event) => onChange(event.formData as T)}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
    />
  );
}

export const SchemaForm = memo(SchemaFormImpl) as typeof SchemaFormImpl;
