import type { RegistryFieldsType } from '@rjsf/utils';
import { KeyValueListField } from './fields/KeyValueListField';
import { LookupChecklistField } from './fields/LookupChecklistField';

/** Fields every form may use by `ui:field`; builders add their own through SchemaForm's `fields`. */
export const fields: RegistryFieldsType = {
  keyValueList: KeyValueListField,
  lookupChecklist: LookupChecklistField,
};
