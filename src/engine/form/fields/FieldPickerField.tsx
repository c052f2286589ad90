import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { depthOf, toggleField, treeOrder } from '../../../domain/flow/fieldTree';

/** A field offered for ticking: its (dotted) name and type. */
export interface PickableField {
  Name: string;
  Type?: string | null | undefined;
}

/** What `ui:options` of a field picker say; the drawer's derived UI schema gives the data. */
interface FieldPickerOptions {
  /** The fields to tick from. */
  fields?: PickableField[];
  /** Names already used elsewhere: shown ticked and disabled, with `usedReason` as their tooltip. */
  used?: string[];
  usedReason?: string;
  /** Names with dots are a tree: ticking a field ticks its ancestors, unticking removes its children. */
  tree?: boolean;
  /** The table's accessible name. */
  label?: string;
  /** Column headers: name and type. */
  headers?: [string, string];
  /** The checkbox's own name, `{name}` standing for the field's name (e.g. 'Sort by {name}'). */
  checkboxLabel?: string;
  /** Said when nothing is offered. */
  empty?: string;
}

/**
 * The field picker (`"ui:field": "fieldPicker"`), for an array of field names: a table of the offered
 * fields with their types, each ticked in or out, and the count of ticked ones (spec part 2 §2 drawers 3,
 * 9 and 11). With `tree`, dotted names are a tree (ticking a field ticks its ancestors, unticking removes
 * its children). Names used elsewhere show ticked and disabled. Ticked names keep the order they are offered in.
 *
 * @example "Fields": { "ui:field": "fieldPicker", "ui:options": { "label": "Result fields", "tree": true } }
 */
export function FieldPickerField(props: FieldProps<string[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const options = getUiOptions(props.uiSchema) as FieldPickerOptions;
  const offered = options.tree ? treeOrder(options.fields ?? []) : (options.fields ?? []);
  const names = offered.map((field) => field.Name);
  const used = new Set((options.used ?? []).map((name) => name.toLowerCase()));
  const selected = new Set(formData ?? []);
  const [nameHeader, typeHeader] = options.headers ?? ['Field', 'Type'];
  const off = Boolean(disabled || readonly);
  const tick = (name: string, on: boolean) => {
    const next = options.tree
      ? toggleField(selected, name, on, names)
      : new Set(on ? [...selected, name] : [...selected].filter((entry) => entry !== name));
    onChange(
      (options.fields ?? []).map((field) => field.Name).filter((entry) => next.has(entry)),
      fieldPathId.path,
    );
  };
  if (offered.length === 0)
    return (
      <p className="empty-state" id={fieldPathId.$id}>
        {options.empty ?? 'No fields to choose from.'}
      </p>
    );
  return (
    <>
      <table className="list__table flow-table" aria-label={options.label} id={fieldPathId.$id}>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col">{typeHeader}</th>
          </tr>
        </thead>
        <tbody>
          {offered.map((field, index) => {
            const taken = used.has(field.Name.toLowerCase());
            return (
              <tr key={field.Name} title={taken ? options.usedReason : undefined}>
                <td>
                  <label
                    className="checkbox flow-tree__item"
                    style={options.tree ? { paddingLeft: `${depthOf(field.Name) * 20}px` } : undefined}
                  >
                    <input
                      id={`${fieldPathId.$id}_${index}`}
                      type="checkbox"
                      aria-label={options.checkboxLabel?.replace('{name}', field.Name)}
                      checked={taken || selected.has(field.Name)}
                      disabled={off || taken}
                      onChange={(event) => tick(field.Name, event.target.checked)}
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
        {selected.size} selected
      </p>
    </>
  );
}
