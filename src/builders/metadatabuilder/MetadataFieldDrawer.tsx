import { useCallback, useMemo } from 'react';
import { form } from '../../../generated/forms/MetadataFieldDrawer';
import type { MetadataElement } from '../../domain/metadata/rules';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import type { FieldDrawerProps } from '../../engine/form/fields/fieldDrawer';
import { drawerRules } from './drawerRules';
import { type FieldDrawerValue, fromDrawerValue, toDrawerValue } from './drawerValue';
import { FunctionListFieldsField } from './FunctionListFieldsField';
import type { FieldEditorContext } from './fieldEditorUi';
import { MetadataFieldEditor } from './MetadataFieldEditor';
import { useMetadataLookups } from './useMetadataLookups';

const drawerFields = {
  metadataFieldEditor: MetadataFieldEditor,
  functionListFields: FunctionListFieldsField,
};

/** The drawer for one field of a metadata document (spec part 1 §2 'Metadata Builder', §5 'Field editor'). */
export function MetadataFieldDrawer(props: FieldDrawerProps) {
  const { field, parentName, siblingNames, hasChildren, parentTypes, isNew, readOnly, onSave } = props;
  const lookups = useMetadataLookups();
  const original = isNew ? null : (field as MetadataElement);
  const value = useMemo(() => toDrawerValue(field as MetadataElement, parentName), [field, parentName]);
  const rules = useCallback(
    (next: FieldDrawerValue) =>
      drawerRules(next, { original, parentName, siblingNames, hasChildren, lookups }),
    [original, parentName, siblingNames, hasChildren, lookups],
  );
  const formContext = useMemo<FieldEditorContext & Record<string, unknown>>(
    () => ({ lookups, hasChildren, parentTypes }),
    [lookups, hasChildren, parentTypes],
  );
  return (
    <DrawerForm<FieldDrawerValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={readOnly}
      rules={rules}
      fields={drawerFields}
      formContext={formContext}
      saveLabel={isNew ? 'Add' : 'Apply'}
      validateOnOpen={!isNew}
      onSave={async (next) => onSave(fromDrawerValue(next, original, parentName))}
    />
  );
}
