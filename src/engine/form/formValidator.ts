import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { toErrorList } from '@rjsf/utils';
import type { FieldError } from '../../validation/fieldErrors';
import { toErrorSchema } from './toErrorSchema';

/**
 * RJSF's validator interface over one precompiled validator of ours. The forms never compile schemas
 * (the content security policy forbids eval) and never validate on their own: errors come from the
 * engine's validation run, the same one the validation panel shows. RJSF only asks isValid() to pick
 * among anyOf/oneOf/if branches, which form schemas do not use; if one ever does, this fails loudly.
 */
export function createFormValidator(
  rootSchema: RJSFSchema,
  run: (data: unknown) => FieldError[],
): ValidatorType {
  const validateAll = (formData: unknown): ValidationData<unknown> => {
    const errors = run(formData);
    const errorSchema = toErrorSchema(errors);
    return { errors: toErrorList(errorSchema) as RJSFValidationError[], errorSchema };
  };
  return {
    validateFormData: (formData) => validateAll(formData),
    isValid(schema, formData) {
      if (schema === rootSchema) return run(formData).length === 0;
      throw new Error(
        'formValidator: RJSF asked to validate a sub-schema. Form schemas must not use anyOf/oneOf/if; use the x-allowed-when keyword or a custom field instead.',
      );
    },
    rawValidation(_schema, formData) {
      const errors = run(formData);
      return { errors: errors as never[] };
    },
  };
}
