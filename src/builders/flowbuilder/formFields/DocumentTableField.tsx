import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';

interface DocumentRow {
  Guid: string;
  Name: string;
  Type?: string | null;
  Elements: unknown[];
}

/**
 * A document chosen from a table of documents (`"ui:field": "documentTable"`): name, type and number of
 * fields, the chosen row marked (spec part 2 §2 drawer 9). The documents come from
 * `ui:options.documents`; `ui:options.state` says what an empty table means (loading, none).
 */
export function DocumentTableField(props: FieldProps<string | null>) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const options = getUiOptions(props.uiSchema) as { documents?: DocumentRow[]; state?: string };
  const documents = options.documents ?? [];
  return (
    <table className="list__table flow-table" aria-label="Documents" id={fieldPathId.$id}>
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Type</th>
          <th scope="col">Fields</th>
        </tr>
      </thead>
      <tbody>
        {documents.length === 0 && (
          <tr>
            <td colSpan={3} className="list__state">
              {options.state ?? 'No published documents on this connection.'}
            </td>
          </tr>
        )}
        {documents.map((entry) => (
          <tr key={entry.Guid} className={entry.Guid === formData ? 'flow-table__row--chosen' : undefined}>
            <td>
              <button
                type="button"
                className="list__open"
                disabled={disabled || readonly}
                onClick={() => onChange(entry.Guid, fieldPathId.path)}
              >
                {entry.Name}
              </button>
            </td>
            <td>{entry.Type}</td>
            <td>{entry.Elements.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
