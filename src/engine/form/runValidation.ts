import { type FieldError, fieldErrors, type ResolveRef } from '../../validation/fieldErrors';
import type { ValidationContext } from '../../validation/runtime';
import type { FormDefinition } from './formDefinition';

/** Resolves `#/$defs/X` refs inside a form's schema, for x-messages found on referenced schemas. */
export function refResolver(form: FormDefinition): ResolveRef {
  const defs = (form.schema.$defs ?? {}) as Record<string, Record<string, unknown>>;
  return (ref) => (ref.startsWith('#/$defs/') ? defs[ref.slice('#/$defs/'.length)] : undefined);
}

/** Schema errors of a value, with peers for the uniqueness keywords, plus a builder's own rules. */
export function runValidation(
  form: FormDefinition,
  value: unknown,
  context: ValidationContext = {},
  rules?: (value: never) => FieldError[],
): FieldError[] {
  const valid = form.validate.call(context, value);
  const schemaErrors = valid ? [] : fieldErrors(form.validate.errors, refResolver(form));
  return [...schemaErrors, ...(rules ? rules(value as never) : [])];
}
