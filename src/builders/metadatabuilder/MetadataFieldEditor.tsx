import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { FieldDrawerValue } from './drawerValue';
import { type FieldEditorContext, fieldEditorUi } from './fieldEditorUi';

/**
 * The field drawer's form (`"ui:field": "metadataFieldEditor"` on its root): the usual object form with a
 * UI schema that follows the value being edited (fieldEditorUi).
 */
export function MetadataFieldEditor(props: FieldProps) {
  const { schema, uiSchema, formData, registry } = props;
  const context = registry.formContext as FieldEditorContext;
  const derived = useMemo(
    () => fieldEditorUi(schema, uiSchema ?? {}, (formData ?? {}) as FieldDrawerValue, context),
    [schema, uiSchema, formData, context],
  );
  const ObjectField = registry.fields.ObjectField!;
  return <ObjectField {...props} uiSchema={derived} />;
}
