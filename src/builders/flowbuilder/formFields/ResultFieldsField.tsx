import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useMemo } from 'react';
import { leafOf } from '../../../domain/flow/fieldTypes';
import type { FlowField } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { errorsBelow } from '../../../engine/form/fields/errorList';
import { ResultFieldsDrawer } from '../drawers/ResultFieldsDrawer';
import { messagesIn, Problems } from '../fields/problems';

/**
 * The result block's fields (`"ui:field": "resultFields"`): flow fields in the answer, each under an
 * alias, removed one by one and chosen in the result fields drawer from the flow fields in scope
 * (`ui:options.fields`, spec part 2 §2 drawer 11, §3 'Block' result).
 */
export function ResultFieldsField(props: FieldProps<FlowField[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema } = props;
  const fields = (getUiOptions(props.uiSchema).fields as FlowField[] | undefined) ?? [];
  const drawers = useDrawers();
  const readOnly = Boolean(disabled || readonly);
  const output = formData ?? [];
  const errors = useMemo(() => errorsBelow(errorSchema), [errorSchema]);
  const set = (next: FlowField[]) => onChange(next, fieldPathId.path);
  const key = `${fieldPathId.$id}:fields`;
  return (
    <div id={fieldPathId.$id}>
      <h3 className="form-section__title">{String(props.uiSchema?.['ui:title'] ?? 'Result fields')}</h3>
      {output.length === 0 ? (
        <p className="empty-state">No result fields yet.</p>
      ) : (
        <table className="list__table flow-table" aria-label="Result fields">
          <thead>
            <tr>
              <th scope="col">Flow field</th>
              <th scope="col">Type</th>
              <th scope="col">Alias in the answer</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {output.map((field, index) => {
              const messages = messagesIn(errors, `/${index}`, { below: true });
              return (
                <tr key={field.Name}>
                  <td>{field.Name}</td>
                  <td>{field.Type ?? '—'}</td>
                  <td>
                    <input
                      className="field__input"
                      aria-label={`Alias of ${field.Name}`}
                      value={field.Alias ?? ''}
                      readOnly={readOnly}
                      aria-invalid={messages.length > 0 || undefined}
                      onChange={(event) =>
                        set(
                          output.map((entry, at) =>
                            at === index ? { ...entry, Alias: event.target.value } : entry,
                          ),
                        )
                      }
                    />
                    <Problems messages={messages} />
                  </td>
                  <td>
                    {!readOnly && (
                      <button
                        type="button"
                        className="button button--small button--danger-outline"
                        aria-label={`Remove ${field.Name}`}
                        onClick={() => set(output.filter((_, at) => at !== index))}
                      >
                        ×
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!readOnly && (
        <button
          type="button"
          className="button"
          onClick={() =>
            drawers.open({
              key,
              title: 'Result fields',
              content: (
                <ResultFieldsDrawer
                  drawerKey={key}
                  fields={fields}
                  selected={output.map((field) => field.Name)}
                  readOnly={readOnly}
                  onSave={(names) =>
                    set(
                      names.map((name) => {
                        const kept = output.find((field) => field.Name === name);
                        return (
                          kept ?? {
                            Name: name,
                            Alias: leafOf(name),
                            Type: fields.find((field) => field.Name === name)?.Type ?? null,
                          }
                        );
                      }),
                    )
                  }
                />
              ),
            })
          }
        >
          Choose result fields
        </button>
      )}
    </div>
  );
}
