import { form } from '../../../../generated/forms/FlowStartBlock';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { useBlock } from '../editor/flowEditorState';
import { formFields } from '../formFields';
import type { BlockFieldsContext } from '../formFields/BlockFieldsField';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';
import { PredefinedFieldsDrawer } from './PredefinedFieldsDrawer';
import { StartFieldDrawer } from './StartFieldDrawer';

/**
 * The start block, declared in schemas/drawers/flow-start-block: the flow's input fields, each edited in
 * its own drawer (spec part 2 §2 drawers 9 and 12); changes apply to the block at once.
 */
export function StartBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, editable, update } = useBlock(guid);
  const drawers = useDrawers();
  if (!block) return <MissingBlock />;
  const fields = block.Config?.Fields ?? [];
  const setFields = (next: FlowField[]) =>
    update((current) => ({ ...current, Config: { ...current.Config, Fields: next } }));
  const edit = (index: number) =>
    drawers.open({
      key: `${drawerKey}:field`,
      title: index < fields.length ? `Field ${fields[index]!.Name}` : 'New start field',
      content: (
        <StartFieldDrawer
          drawerKey={`${drawerKey}:field`}
          block={block}
          index={index}
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
          <>
            <button
              type="button"
              className="button"
              onClick={() =>
                drawers.open({
                  key: `${drawerKey}:predefined`,
                  title: 'Predefined start fields',
                  size: 'wide',
                  content: (
                    <PredefinedFieldsDrawer
                      drawerKey={`${drawerKey}:predefined`}
                      existing={fields}
                      onAdd={(added) => setFields([...fields, ...added])}
                    />
                  ),
                })
              }
            >
              Predefined fields
            </button>
            <button type="button" className="button" onClick={() => edit(fields.length)}>
              Add field
            </button>
          </>
        )
      }
    />
  );
}
