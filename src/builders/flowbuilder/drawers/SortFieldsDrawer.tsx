import type { FlowField } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';

/**
 * Action sorting fields (spec part 2 §2 drawer 3): output fields of the action with name and type;
 * fields already used are disabled with a tooltip saying so; the footer shows the selected count and an
 * add button, disabled with none selected.
 */
export function SortFieldsDrawer(props: {
  drawerKey: string;
  fields: readonly FlowField[];
  used: ReadonlySet<string>;
  onAdd(names: string[]): void;
}) {
  return (
    <DrawerEditor<string[]>
      drawerKey={props.drawerKey}
      value={[]}
      saveLabel="Add"
      footerInfo={null}
      onSave={(names) => {
        props.onAdd(names);
        return true;
      }}
    >
      {({ value, onChange }) => (
        <>
          <table className="list__table flow-table" aria-label="Sorting fields">
            <thead>
              <tr>
                <th scope="col">Field name</th>
                <th scope="col">Field type</th>
              </tr>
            </thead>
            <tbody>
              {props.fields.map((field) => {
                const used = props.used.has(field.Name);
                return (
                  <tr key={field.Name} title={used ? 'Already used for sorting' : undefined}>
                    <td>
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          disabled={used}
                          checked={used || value.includes(field.Name)}
                          onChange={(event) =>
                            onChange(
                              event.target.checked
                                ? [...value, field.Name]
                                : value.filter((name) => name !== field.Name),
                            )
                          }
                        />
                        <span>{field.Name}</span>
                      </label>
                    </td>
                    <td>{field.Type ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="flow-count" aria-live="polite">
            {value.length} selected
          </p>
        </>
      )}
    </DrawerEditor>
  );
}
