import { useCallback } from 'react';
import { form } from '../../../../generated/forms/FlowSortFields';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';

interface SortFieldsValue {
  Fields: string[];
}

/**
 * Action sorting fields (spec part 2 §2 drawer 3), declared in schemas/drawers/flow-sort-fields: output
 * fields of the action with name and type; fields already used are disabled with a tooltip saying so; the
 * count of selected fields and an add button, disabled with none selected.
 */
export function SortFieldsDrawer(props: {
  drawerKey: string;
  fields: readonly FlowField[];
  used: ReadonlySet<string>;
  onAdd(names: string[]): void;
}) {
  const { fields, used } = props;
  const uiSchemaOf = useCallback(
    () => withOptions(form.uiSchema, { Fields: { fields, used: [...used] } }),
    [fields, used],
  );
  return (
    <DrawerForm<SortFieldsValue>
      drawerKey={props.drawerKey}
      form={form}
      value={{ Fields: [] }}
      uiSchemaOf={uiSchemaOf}
      saveLabel="Add"
      onSave={async ({ Fields }) => {
        props.onAdd(Fields);
        return true;
      }}
    />
  );
}
