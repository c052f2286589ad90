import type { FieldProps } from '@rjsf/utils';
import { fieldNamed, keyFieldOf } from '../../domain/documents/keyField';
import type { Document, DocumentReference } from '../../domain/documents/types';
import { typesMappable } from '../../domain/rules/mapping';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { RowActions } from '../../engine/list/RowActions';
import { t } from '../../messages/t';
import { documentFormContext } from './documentFormContext';
import { errorsAt } from './errorsAt';
import { ReferencePicker } from './ReferencePicker';

const PICKER = 'document-reference-picker';

/** The foreign key a new reference most likely uses: a field named as the key, or as the document plus key. */
function guessChild(document: Document, target: Document): string | null {
  const key = keyFieldOf(target);
  if (!key) return null;
  // Countries → CountryCode, Customers → CustomerId: the key named after one of the target's rows.
  const singular = target.Name.replace(/ies$/, 'y').replace(/s$/, '');
  const candidates = [key.Name, `${target.Name}${key.Name}`, `${singular}${key.Name}`];
  for (const name of candidates) {
    const field = fieldNamed(document, name);
    if (field && !field.IsKey && typesMappable(key.Type, field.Type)) return field.Name;
  }
  return null;
}

/**
 * The document's references (spec part 2 §2 'Document Builder': document, foreign key and key field).
 * A reference is added or changed through the reference picker (drawer 1); its foreign key is one of
 * this document's fields, offered with the types the referenced key fits first.
 */
export function DocumentReferencesField(props: FieldProps<DocumentReference[]>) {
  const { onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const references = props.formData ?? [];
  const context = documentFormContext(props.registry.formContext);
  const editable = !(disabled || readonly || context.readOnly);
  const drawers = useDrawers();
  const change = (next: DocumentReference[]) => onChange(next, fieldPathId.path);

  const pick = (index: number | null) =>
    drawers.open({
      key: PICKER,
      title: t('db.references.picker'),
      size: 'wide',
      content: (
        <ReferencePicker
          documents={context.published.filter((document) => document.Guid !== context.document.Guid)}
          listOnly={context.document.Type === 'List'}
          onPick={(target) => {
            const reference: DocumentReference = {
              Name: target.Name,
              Guid: target.Guid,
              Key: keyFieldOf(target)?.Name ?? null,
              Child:
                index === null ? guessChild(context.document, target) : (references[index]?.Child ?? null),
            };
            change(
              index === null
                ? [...references, reference]
                : references.map((entry, position) => (position === index ? reference : entry)),
            );
            void drawers.close(PICKER, { force: true });
          }}
        />
      ),
    });

  return (
    <section className="doc-table" aria-label={t('db.references.title')}>
      <header className="doc-table__header">
        <h3 className="form-section__title">{t('db.references.title')}</h3>
        {editable && (
          <button type="button" className="button button--small" onClick={() => pick(null)}>
            {t('db.references.add')}
          </button>
        )}
      </header>
      <div className="list__frame">
        <table className="list__table doc-table__table">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Foreign key</th>
              <th scope="col">Key field</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {references.length === 0 && (
              <tr>
                <td colSpan={4} className="list__state">
                  {t('db.references.empty')}
                </td>
              </tr>
            )}
            {references.map((reference, index) => {
              const errors = errorsAt(errorSchema, index);
              const target = context.published.find((document) => document.Guid === reference.Guid);
              const key = target ? keyFieldOf(target) : undefined;
              const fits = (type: string) => !key || typesMappable(key.Type, type);
              const own = [...context.document.Elements].sort(
                (a, b) => Number(fits(b.Type)) - Number(fits(a.Type)),
              );
              return (
                <tr
                  key={`${reference.Guid}-${reference.Child}`}
                  className={errors.length > 0 ? 'doc-table__row--invalid' : ''}
                >
                  <td>
                    {editable ? (
                      <button
                        type="button"
                        id={`${fieldPathId.$id}_${index}_Name`}
                        className="list__open"
                        onClick={() => pick(index)}
                      >
                        {reference.Name || '—'}
                      </button>
                    ) : (
                      (reference.Name ?? '—')
                    )}
                    {errors.length > 0 && (
                      <span className="doc-table__errors" role="alert">
                        {errors.join(' ')}
                      </span>
                    )}
                  </td>
                  <td>
                    <select
                      id={`${fieldPathId.$id}_${index}_Child`}
                      className="field__select"
                      aria-label={`Foreign key of the reference to ${reference.Name ?? 'a document'}`}
                      value={reference.Child ?? ''}
                      disabled={!editable}
                      onChange={(event) =>
                        change(
                          references.map((entry, position) =>
                            position === index ? { ...entry, Child: event.target.value || null } : entry,
                          ),
                        )
                      }
                    >
                      <option value="">{t('chooseValue')}</option>
                      {own.map((field) => (
                        <option key={field.Name} value={field.Name}>
                          {field.Name} ({field.Type}){fits(field.Type) ? '' : ' — does not fit'}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{reference.Key ?? '—'}</td>
                  <RowActions
                    remove={
                      editable && {
                        ariaLabel: `Delete the reference to ${reference.Name ?? 'a document'}`,
                        onClick: () => change(references.filter((_entry, position) => position !== index)),
                      }
                    }
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
