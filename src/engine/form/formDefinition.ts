import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Validator } from '../../validation/validateWith';

/**
 * A form as codegen emits it (generated/forms/<Name>.ts) from schemas/<...>/<name>.schema.json and its
 * .ui.json: the schema with the definitions it uses, the UI schema, and the precompiled validator.
 */
export interface FormDefinition {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validate: Validator;
}
