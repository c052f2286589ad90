import type { FieldProps } from '@rjsf/utils';
import { t } from '../../messages/t';

type Picked = { Name: string; Alias: string; Type?: string };
type ListField = { Name?: string; Type?: string };

/**
 * The function list field picker (spec part 2 §2 drawer 15): tick the function list's fields to return,
 * each under an alias that must not be empty and must be unique (aliasCanNotBeEmpty, aliasMustBeUnique).
 */
export function FunctionListFieldsField(props: FieldProps) {
  const { formData, onChange, fieldPathId, uiSchema, errorSchema, readonly, disabled } = props;
  const picked = (formData ?? []) as Picked[];
  const fields = ((uiSchema?.['ui:options'] as { fields?: ListField[] } | undefined)?.fields ?? []).filter(
    (field): field is Required<ListField> => typeof field.Name === 'string',
  );
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? 'Return fields';
  const set = (next: Picked[]) => onChange(next, fieldPathId.path);
  const errorsAt = (index: number) =>
    ((
      errorSchema as
        | Record<number, { Alias?: { __errors?: string[] }; Name?: { __errors?: string[] } }>
        | undefined
    )?.[index]?.Alias?.__errors ?? []) as string[];
  if (fields.length === 0) return <p className="field__help">{t('mb.field.returnFieldsNone')}</p>;
  return (
    <fieldset className="function-list-fields" id={fieldPathId.$id}>
      <legend className="field__label">{title}</legend>
      <table className="field-list__table">
        <tbody>
          {fields.map((field) => {
            const index = picked.findIndex((entry) => entry.Name === field.Name);
            const entry = picked[index];
            const errors = index >= 0 ? errorsAt(index) : [];
            const checkId = `${fieldPathId.$id}_${field.Name}`;
            return (
              <tr key={field.Name}>
                <td>
                  <label className="checkbox" htmlFor={checkId}>
                    <input
                      id={checkId}
                      type="checkbox"
                      checked={index >= 0}
                      disabled={readonly || disabled}
                      onChange={(event) =>
                        set(
                          event.target.checked
                            ? [...picked, { Name: field.Name, Alias: field.Name, Type: field.Type }]
                            : picked.filter((item) => item.Name !== field.Name),
                        )
                      }
                    />
                    <span>
                      {field.Name} <span className="field-list__count">{field.Type}</span>
                    </span>
                  </label>
                </td>
                <td>
                  {entry && (
                    <>
                      <input
                        className="field__input"
                        aria-label={`${t('mb.field.alias')} ${field.Name}`}
                        value={entry.Alias}
                        readOnly={readonly}
                        disabled={disabled}
                        aria-invalid={errors.length > 0 || undefined}
                        onChange={(event) =>
                          set(
                            picked.map((item, position) =>
                              position === index
                                ? { ...item, Alias: event.target.value.replace(/\s/g, '') }
                                : item,
                            ),
                          )
                        }
                      />
                      {errors.length > 0 && (
                        <p className="field__error" role="alert">
                          {errors.join(' ')}
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
    </fieldset>
  );
}
