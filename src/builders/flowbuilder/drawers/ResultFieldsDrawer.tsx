import type { FlowField } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { FieldTreePicker } from '../fields/FieldTreePicker';

/** Result fields (spec part 2 §2 drawer 11): tick output fields of the current block, with the ancestor and child rule. */
export function ResultFieldsDrawer(props: {
  drawerKey: string;
  fields: readonly FlowField[];
  selected: readonly string[];
  readOnly: boolean;
  onSave(names: string[]): void;
}) {
  return (
    <DrawerEditor<string[]>
      drawerKey={props.drawerKey}
      value={[...props.selected]}
      readOnly={props.readOnly}
      onSave={(names) => {
        props.onSave(names);
        return true;
      }}
    >
      {({ value, onChange, readOnly }) => (
        <>
          <FieldTreePicker
            label="Flow fields"
            fields={props.fields}
            selected={new Set(value)}
            readOnly={readOnly}
            onChange={(next) =>
              onChange(props.fields.map((field) => field.Name).filter((name) => next.has(name)))
            }
          />
          <p className="flow-count">{value.length} selected</p>
        </>
      )}
    </DrawerEditor>
  );
}
