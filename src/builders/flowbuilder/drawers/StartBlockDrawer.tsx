import type { FlowField } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { RowActions } from '../../../engine/list/RowActions';
import { useBlock } from '../editor/flowEditorState';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';
import { PredefinedFieldsDrawer } from './PredefinedFieldsDrawer';
import { StartFieldDrawer } from './StartFieldDrawer';

/** The start block: the flow's input fields, each edited in its own drawer (spec part 2 §2 drawers 9 and 12). */
export function StartBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, editable, update } = useBlock(guid);
  const drawers = useDrawers();
  if (!block) return <MissingBlock />;
  const fields = block.Config?.Fields ?? [];
  const setFields = (next: FlowField[]) =>
    update((current) => ({ ...current, Config: { ...current.Config, Fields: next } }));
  const editField = (index: number) =>
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
  return (
    <div className="drawer-form">
      <table className="list__table flow-table" aria-label="Start fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Default</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.length === 0 && (
            <tr>
              <td colSpan={5} className="list__state">
                No input fields yet.
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
              <td>{field.Validation?.IsRequired ? 'Yes' : 'No'}</td>
              <td>{field.Default?.Type ?? '—'}</td>
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
            <button type="button" className="button" onClick={() => editField(fields.length)}>
              Add field
            </button>
          </>
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
