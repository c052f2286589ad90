import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import './KeyValueListField.css';

interface Entry {
  Key: string;
  Value?: string | null;
}

const errorsAt = (errorSchema: ErrorSchema<Entry[]> | undefined, index: number, key: keyof Entry) =>
  errorSchema?.[index]?.[key]?.__errors ?? [];

/**
 * A list of key / value pairs as a small table: add, edit and remove rows (settings of a REST API, and any
 * other array of KeyValue): `"ui:field": "keyValueList"`. Input ids follow RJSF's (root_Settings_0_Key), so
 * the validation panel can focus the field an error is about.
 */
export function KeyValueListField(props: FieldProps<Entry[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, uiSchema, schema, name, errorSchema } = props;
  const options = getUiOptions(uiSchema);
  const rows = formData ?? [];
  const off = disabled || readonly;
  const title = String(options.title ?? schema.title ?? name);
  const set = (next: Entry[]) => onChange(next, fieldPathId.path);
  const update = (index: number, change: Partial<Entry>) =>
    set(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const id = (index: number, key: keyof Entry) => `${fieldPathId.$id}_${index}_${key}`;
  return (
    <fieldset className="key-values" id={fieldPathId.$id}>
      <legend className="field__label">{title}</legend>
      {rows.length === 0 ? (
        <p className="key-values__empty">{String(options.empty ?? 'None yet.')}</p>
      ) : (
        <table className="key-values__table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const keyErrors = errorsAt(errorSchema, index, 'Key');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity but their place
                <tr key={index}>
                  <td>
                    <input
                      id={id(index, 'Key')}
                      className="field__input"
                      aria-label={`Key ${index + 1}`}
                      aria-invalid={keyErrors.length > 0 || undefined}
                      value={row.Key ?? ''}
                      disabled={off}
                      onChange={(event) => update(index, { Key: event.target.value })}
                    />
                    {keyErrors.length > 0 && (
                      <p className="field__error" role="alert">
                        {keyErrors.join(' ')}
                      </p>
                    )}
                  </td>
                  <td>
                    <input
                      id={id(index, 'Value')}
                      className="field__input"
                      aria-label={`Value ${index + 1}`}
                      value={row.Value ?? ''}
                      disabled={off}
                      onChange={(event) => update(index, { Value: event.target.value })}
                    />
                  </td>
                  <td className="key-values__actions">
                    {!off && (
                      <button
                        type="button"
                        className="button button--small button--danger-outline"
                        aria-label={`Remove ${row.Key || `row ${index + 1}`}`}
                        onClick={() => set(rows.filter((_, at) => at !== index))}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!off && (
        <div>
          <button
            type="button"
            className="button button--small"
            onClick={() => set([...rows, { Key: '', Value: '' }])}
          >
            {String(options.addLabel ?? 'Add')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
