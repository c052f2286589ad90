import type { RegistryFieldsType } from '@rjsf/utils';
import { ChecklistField } from './fields/ChecklistField';
import { ChoiceField } from './fields/ChoiceField';
import { ConnectionNameField } from './fields/ConnectionNameField';
import { FieldListField } from './fields/FieldListField';
import { FieldPickerField } from './fields/FieldPickerField';
import { KeyValueListField } from './fields/KeyValueListField';

/** Fields every form may use by `ui:field`; builders add their own through SchemaForm's `fields`. */
export const fields: RegistryFieldsType = {
  choice: ChoiceField,
  checklist: ChecklistField,
  connectionName: ConnectionNameField,
  // The nested field list of metadata documents, methods, documents and flow start blocks.
  fieldList: FieldListField,
  // Ticks fields of a list or tree (sorting fields, result fields, predefined fields).
  fieldPicker: FieldPickerField,
  keyValueList: KeyValueListField,
  // A value the form keeps but does not show (what another field's choice sets along with it).
  kept: () => null,
};
