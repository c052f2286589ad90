import type { FlowField } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { RowActions } from '../../../engine/list/RowActions';
import { useBlock } from '../editor/flowEditorState';
import { AddFieldDrawer } from './AddFieldDrawer';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

const describe = (field: FlowField) => {
  if (field.AddType === 'Static') return `Static: ${String(field.Value ?? '')}`;
  if (field.AddType === 'System') return `System: ${String(field.Value ?? '')}`;
  if (field.AddType === 'Function') return `Function: ${field.FunctionName ?? '—'}`;
  return '—';
};

/** The add block: the fields it adds to the flow, each edited in the add-field drawer (spec part 2 §2 drawer 4). */
export function AddBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, scope, editable, update } = useBlock(guid);
  const drawers = useDrawers();
  if (!block || !scope) return <MissingBlock />;
  const fields = block.Config?.Fields ?? [];
  const setFields = (next: FlowField[]) =>
    update((current) => ({ ...current, Config: { ...current.Config, Fields: next } }));
  const editField = (index: number) =>
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
  return (
    <div className="drawer-form">
      <table className="list__table flow-table" aria-label="Added fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.length === 0 && (
            <tr>
              <td colSpan={4} className="list__state">
                No fields yet.
              </td>
            </tr>
          )}
          {fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat or be empty while edited; a row is its position
            <tr key={`${field.Name}-${index}`}>
              <td>
                <button type="button" className="list__open" onClick={() => editField(index)}>
                  {field.Name || '(no name)'}
                </button>
              </td>
              <td>{field.Type ?? '—'}</td>
              <td>{describe(field)}</td>
              <RowActions
                remove={
                  editable && {
                    ariaLabel: `Delete field ${field.Name}`,
                    onClick: () => setFields(fields.filter((_, at) => at !== index)),
                  }
                }
              />
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="drawer__footer drawer-form__footer">
        {editable && (
          <button type="button" className="button" onClick={() => editField(fields.length)}>
            Add field
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void drawers.close(drawerKey)}
        >
          Close
        </button>
      </footer>
    </div>
  );
}
