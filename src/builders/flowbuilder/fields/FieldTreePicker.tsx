import { depthOf, toggleField, treeOrder } from '../../../domain/flow/fieldTree';
import type { FlowField } from '../../../domain/flow/types';

/**
 * Ticks fields in a tree (spec part 2 §2 drawers 9 and 11): ticking a field ticks its ancestors,
 * unticking removes its children. Read-only mode shows only the ticks (spec part 2 §6: only already chosen
 * fields are selectable).
 */
export function FieldTreePicker(props: {
  label: string;
  fields: readonly FlowField[];
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
  readOnly?: boolean;
}) {
  const ordered = treeOrder(props.fields);
  const names = ordered.map((field) => field.Name);
  if (ordered.length === 0) return <p className="empty-state">No fields to choose from.</p>;
  return (
    <table className="list__table flow-table" aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((field) => (
          <tr key={field.Name}>
            <td>
              <label
                className="checkbox flow-tree__item"
                style={{ paddingLeft: `${depthOf(field.Name) * 20}px` }}
              >
                <input
                  type="checkbox"
                  checked={props.selected.has(field.Name)}
                  disabled={props.readOnly}
                  onChange={(event) =>
                    props.onChange(toggleField(props.selected, field.Name, event.target.checked, names))
                  }
                />
                <span>{field.Name}</span>
              </label>
            </td>
            <td>{field.Type ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
