import type { ErrorObject } from 'ajv';
import { type FieldError, fieldErrors, type ResolveRef } from './fieldErrors';

/** A compiled validator: Ajv's at run time on the server, a precompiled module in the browser. */
export type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const noRefs: ResolveRef = () => undefined;

/**
 * Runs a precompiled validator (generated/validators/*) and answers the catalogue errors by field path.
 * @example const errors = validateWith(validateAuthenticate, { Email, Password });
 */
export function validateWith(
  validate: Validator,
  data: unknown,
  resolve: ResolveRef = noRefs,
): Record<string, FieldError> {
  if (validate(data)) return {};
  const byPath: Record<string, FieldError> = {};
  for (const error of fieldErrors(validate.errors, resolve)) byPath[error.path] ??= error;
  return byPath;
}
