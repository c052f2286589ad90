import { useCallback } from 'react';
import { form } from '../../../../generated/forms/FlowResultFields';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';

interface ResultFieldsValue {
  Fields: string[];
}

/**
 * Result fields (spec part 2 §2 drawer 11), declared in schemas/drawers/flow-result-fields: tick output
 * fields of the current block, with the ancestor and child rule.
 */
export function ResultFieldsDrawer(props: {
  drawerKey: string;
  fields: readonly FlowField[];
  selected: readonly string[];
  readOnly: boolean;
  onSave(names: string[]): void;
}) {
  const { fields } = props;
  const uiSchemaOf = useCallback(() => withOptions(form.uiSchema, { Fields: { fields } }), [fields]);
  return (
    <DrawerForm<ResultFieldsValue>
      drawerKey={props.drawerKey}
      form={form}
      value={{ Fields: [...props.selected] }}
      readOnly={props.readOnly}
      uiSchemaOf={uiSchemaOf}
      onSave={async ({ Fields }) => {
        props.onSave(Fields);
        return true;
      }}
    />
  );
}
