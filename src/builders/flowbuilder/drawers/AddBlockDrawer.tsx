import { form } from '../../../../generated/forms/FlowAddBlock';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { useBlock } from '../editor/flowEditorState';
import { formFields } from '../formFields';
import type { BlockFieldsContext } from '../formFields/BlockFieldsField';
import { AddFieldDrawer } from './AddFieldDrawer';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

/**
 * The add block, declared in schemas/drawers/flow-add-block: the fields it adds to the flow, each edited
 * in the add-field drawer (spec part 2 §2 drawer 4); changes apply to the block at once.
 */
export function AddBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, scope, editable, update } = useBlock(guid);
  const drawers = useDrawers();
  if (!block || !scope) return <MissingBlock />;
  const fields = block.Config?.Fields ?? [];
  const setFields = (next: FlowField[]) =>
    update((current) => ({ ...current, Config: { ...current.Config, Fields: next } }));
  const edit = (index: number) =>
    drawers.open({
      key: `${drawerKey}:field`,
      title: index < fields.length ? `Field ${fields[index]!.Name}` : 'New field',
      content: (
        <AddFieldDrawer
          drawerKey={`${drawerKey}:field`}
          block={block}
          index={index}
          scope={scope}
          readOnly={!editable}
          onSave={(field) => {
            const next = [...fields];
            next[index] = field;
            setFields(next);
          }}
        />
      ),
    });
  const formContext: BlockFieldsContext & Record<string, unknown> = {
    edit,
    remove: editable ? (index) => setFields(fields.filter((_, at) => at !== index)) : undefined,
  };
  return (
    <DrawerForm<{ Fields: FlowField[] }>
      // The list follows the block as its fields are edited in their own drawers.
      key={JSON.stringify(fields)}
      drawerKey={drawerKey}
      form={form}
      value={{ Fields: fields }}
      acting
      fields={formFields}
      formContext={formContext}
      onSave={async () => false}
      extraActions={
        editable && (
          <button type="button" className="button" onClick={() => edit(fields.length)}>
            Add field
          </button>
        )
      }
    />
  );
}
