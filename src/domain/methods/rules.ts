import type { components } from '../../../generated/uiservices';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';

type Method = components['schemas']['Method'];

const error = (path: string, messageKey: string): FieldError => ({
  path,
  messageKey,
  message: t(messageKey),
});

/** Field types that hold text with a length (spec part 1 §5 'Method': each string output needs a max length). */
const STRING_TYPES = new Set(['String']);

/**
 * Rules of a method the schema cannot say (spec part 1 §5 'Method'): input fields are required unless it is
 * a read method (noInputSet), output fields unless full output is set (noOutputSet), and each string
 * output field needs a max length (noMaxlengthOutputField). The script (scriptEmpty) and the field rules
 * (empty, short, duplicate, contains space, type missing or unknown) are in the schema.
 */
export function methodRules(method: Method): FieldError[] {
  const errors: FieldError[] = [];
  // The contract lets a stored method carry a null script (older rows); saving one still needs it.
  if (method.Script === null) errors.push(error('/Script', 'scriptEmpty'));
  if (!method.IsRead && (method.Input ?? []).length === 0) errors.push(error('/Input', 'noInputSet'));
  if (!method.FullOutput && (method.Output ?? []).length === 0) errors.push(error('/Output', 'noOutputSet'));
  (method.Output ?? []).forEach((field, index) => {
    const max = field.Validation?.Max;
    if (STRING_TYPES.has(field.Type) && (typeof max !== 'number' || max < 1))
      errors.push(error(`/Output/${index}/Validation/Max`, 'noMaxlengthOutputField'));
  });
  return errors;
}
