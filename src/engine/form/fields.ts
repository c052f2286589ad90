import type { RegistryFieldsType } from '@rjsf/utils';

/** Fields every form may use by `ui:field`; builders add their own through SchemaForm's `fields`. */
export const fields: RegistryFieldsType = {};
