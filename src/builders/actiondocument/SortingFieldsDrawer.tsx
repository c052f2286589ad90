import { useCallback } from 'react';
import { form } from '../../../generated/forms/ActionSortingFields';
import type { ActionField } from '../../domain/actionDocuments/actionFields';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { withOptions } from '../../engine/form/withOptions';
import { t } from '../../messages/t';

interface SortingFieldsValue {
  Fields: string[];
}

/**
 * Drawer 3, action sorting fields (spec part 2 §2), declared in schemas/drawers/action-sorting-fields:
 * tick output fields of the action (field name and type); fields already used are disabled with a
 * tooltip saying so; the count of the selection, and adding it, disabled while nothing is selected.
 */
export function SortingFieldsDrawer({
  drawerKey,
  fields,
  used,
  onAdd,
}: {
  drawerKey: string;
  fields: readonly ActionField[];
  used: readonly string[];
  onAdd(names: string[]): void;
}) {
  const uiSchemaOf = useCallback(
    () => withOptions(form.uiSchema, { Fields: { fields, used, usedReason: t('ad.sorting.used') } }),
    [fields, used],
  );
  return (
    <DrawerForm<SortingFieldsValue>
      drawerKey={drawerKey}
      form={form}
      value={{ Fields: [] }}
      uiSchemaOf={uiSchemaOf}
      saveLabel={t('ad.sorting.add')}
      onSave={async ({ Fields }) => {
        onAdd(Fields);
        return true;
      }}
    />
  );
}
