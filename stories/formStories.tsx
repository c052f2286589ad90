import type { RegistryFieldsType } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { AnyBuilder } from '../src/engine/builder/BuilderDefinition';
import type { FormDefinition } from '../src/engine/form/formDefinition';
import { runValidation } from '../src/engine/form/runValidation';
import { SchemaForm } from '../src/engine/form/SchemaForm';
import { sampleValue } from '../src/engine/form/sampleValue';
import { t } from '../src/messages/t';
import type { FieldError } from '../src/validation/fieldErrors';

// A form is shown with the custom fields and form context of the builder that declares it, as on its page.
const builders = Object.values(
  import.meta.glob<{ builder: AnyBuilder }>('../src/builders/*/builder.ts', { eager: true }),
).map((module) => module.builder);
const builderOf = (form: FormDefinition) => builders.find((builder) => builder.form.name === form.name);

// The custom fields builders register for their drawers' forms (src/builders/<builder>/formFields.ts), so
// a drawer's form shows here as in its drawer.
const formFields: RegistryFieldsType = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ formFields: RegistryFieldsType }>('../src/builders/*/formFields.ts', { eager: true }),
  ).map((module) => module.formFields),
);

// Forms whose fields need more than their value (the whole draft, lookups) get it from their builder's
// stories.ts, the way their page would give it.
type StoryFormContext = (value: unknown, setValue: (next: unknown) => void) => Record<string, unknown>;
const storyFormContexts: Record<string, StoryFormContext> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ storyFormContexts: Record<string, StoryFormContext> }>(
      '../src/builders/*/stories.ts',
      {
        eager: true,
      },
    ),
  ).map((module) => module.storyFormContexts),
);

function FormStory({
  form,
  initial,
  errors,
}: {
  form: FormDefinition;
  initial: unknown;
  errors: FieldError[];
}) {
  const [value, setValue] = useState(initial);
  const builder = builderOf(form);
  const own = storyFormContexts[form.name];
  const formContext = own ? { ...builder?.formContext, ...own(value, setValue) } : builder?.formContext;
  return (
    <div className="detail__form" style={{ maxWidth: 720 }}>
      <SchemaForm
        form={form}
        value={value}
        onChange={setValue}
        errors={errors}
        fields={builder?.fields ? { ...formFields, ...builder.fields } : formFields}
        formContext={formContext}
      />
    </div>
  );
}

type FormStoryObj = StoryObj<typeof FormStory>;

/**
 * The three stories every form gets: empty, filled with a sample value, and the errors an empty value
 * gives, shown inline as after a validation run.
 */
export function formStories(form: FormDefinition) {
  const defs = (form.schema.$defs ?? {}) as Record<string, Record<string, unknown>>;
  const filled = sampleValue(form.schema as Record<string, unknown>, defs);
  const meta: Meta<typeof FormStory> = { component: FormStory, title: form.name, args: { form, errors: [] } };
  const Empty: FormStoryObj = { args: { initial: {} } };
  const Filled: FormStoryObj = { args: { initial: filled } };
  const Errors: FormStoryObj = { args: { initial: {}, errors: errorsToShow(form) } };
  return { meta, Empty, Filled, Errors };
}

/**
 * The errors an empty value gives. A form whose empty value is valid (its checks are the drawer's rules,
 * run with data the story does not have) shows one 'required' error on its first field instead, so the
 * story still shows how an error looks there.
 */
function errorsToShow(form: FormDefinition): FieldError[] {
  const errors = runValidation(form, {});
  if (errors.length > 0) return errors;
  const order = (form.uiSchema['ui:order'] as string[] | undefined) ?? [];
  const properties = Object.keys((form.schema.properties ?? {}) as object);
  const first = order.find((name) => properties.includes(name)) ?? properties[0];
  return first
    ? [{ path: `/${first}`, messageKey: 'de.validation.required', message: t('de.validation.required') }]
    : [];
}
