import type { RegistryFieldsType } from '@rjsf/utils';
import { FunctionListLinkField } from './formFields/FunctionListLinkField';
import { StaticValueField } from './formFields/StaticValueField';

/**
 * The Flow Builder's custom fields, registered once and named by `ui:field` in the drawers' UI schemas
 * (schemas/drawers/flow-*.ui.json); Storybook shows the drawers' forms with them too.
 */
export const formFields: RegistryFieldsType = {
  staticValue: StaticValueField,
  functionListLink: FunctionListLinkField,
};
