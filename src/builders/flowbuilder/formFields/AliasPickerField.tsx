import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useMemo } from 'react';
import { errorsBelow } from '../../../engine/form/fields/errorList';
import type { PickedField } from '../drawers/FunctionListDrawers';
import { messagesIn } from '../fields/problems';

interface AliasPickerOptions {
  /** The fields to pick from: name and type. */
  fields?: Array<{ Name?: string | null; Type?: string | null }>;
  /** The table's accessible name. */
  label?: string;
}

/**
 * Fields ticked each under an alias without spaces (`"ui:field": "aliasPicker"`, the function list field
 * picker of spec part 2 §2 drawer 15): the offered fields come from `ui:options.fields`; a ticked field's
 * alias starts as its name.
 */
export function AliasPickerField(props: FieldProps<PickedField[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema } = props;
  const options = getUiOptions(props.uiSchema) as AliasPickerOptions;
  const value = formData ?? [];
  const off = Boolean(disabled || readonly);
  const errors = useMemo(() => errorsBelow(errorSchema), [errorSchema]);
  const set = (next: PickedField[]) => onChange(next, fieldPathId.path);
  return (
    <table className="list__table flow-table" aria-label={options.label} id={fieldPathId.$id}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Alias</th>
        </tr>
      </thead>
      <tbody>
        {(options.fields ?? []).map((field) => {
          const at = value.findIndex((entry) => entry.Name === field.Name);
          const messages = at >= 0 ? messagesIn(errors, `/${at}`, { below: true }) : [];
          return (
            <tr key={field.Name}>
              <td>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={at >= 0}
                    disabled={off}
                    onChange={(event) =>
                      set(
                        event.target.checked
                          ? [
                              ...value,
                              {
                                Name: field.Name ?? '',
                                Alias: field.Name ?? '',
                                ...(field.Type ? { Type: field.Type } : {}),
                              },
                            ]
                          : value.filter((entry) => entry.Name !== field.Name),
                      )
                    }
                  />
                  <span>{field.Name}</span>
                </label>
              </td>
              <td>{field.Type ?? '—'}</td>
              <td>
                {at >= 0 && (
                  <>
                    <input
                      className="field__input"
                      aria-label={`Alias of ${field.Name}`}
                      aria-invalid={messages.length > 0 || undefined}
                      value={value[at]!.Alias ?? ''}
                      readOnly={off}
                      onChange={(event) =>
                        set(
                          value.map((entry, index) =>
                            index === at ? { ...entry, Alias: event.target.value.replace(/\s/g, '') } : entry,
                          ),
                        )
                      }
                    />
                    {messages.length > 0 && (
                      <p className="field__error" role="alert">
                        {[...new Set(messages)].join(' ')}
                      </p>
                    )}
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
