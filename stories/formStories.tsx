import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { AnyBuilder } from '../src/engine/builder/BuilderDefinition';
import type { FormDefinition } from '../src/engine/form/formDefinition';
import { runValidation } from '../src/engine/form/runValidation';
import { SchemaForm } from '../src/engine/form/SchemaForm';
import { sampleValue } from '../src/engine/form/sampleValue';
import type { FieldError } from '../src/validation/fieldErrors';

// A form is shown with the custom fields and form context of the builder that declares it, as on its page.
const builders = Object.values(
  import.meta.glob<{ builder: AnyBuilder }>('../src/builders/*/builder.ts', { eager: true }),
).map((module) => module.builder);
const builderOf = (form: FormDefinition) => builders.find((builder) => builder.form.name === form.name);

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
  return (
    <div className="detail__form" style={{ maxWidth: 720 }}>
      <SchemaForm
        form={form}
        value={value}
        onChange={setValue}
        errors={errors}
        fields={builder?.fields}
        formContext={builder?.formContext}
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
  const Errors: FormStoryObj = { args: { initial: {}, errors: runValidation(form, {}) } };
  return { meta, Empty, Filled, Errors };
}
