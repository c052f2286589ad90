import type { FieldProps } from '@rjsf/utils';
import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import type { DocumentField } from '../../domain/documents/types';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { RowActions } from '../../engine/list/RowActions';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify } from '../../shell/notifications/useNotify';
import { documentFormContext } from './documentFormContext';
import { errorsAt } from './errorsAt';
import { FieldDetailsDrawer } from './FieldDetailsDrawer';
import { moveField } from './moveField';

type Sort = { by: 'name' | 'order'; descending: boolean };

const FIELD_DRAWER = 'document-field';

/** The type with its max length, e.g. String(100). */
const typeLabel = (field: DocumentField) =>
  typeof field.Validation?.MaxLength === 'number'
    ? `${field.Type}(${field.Validation.MaxLength})`
    : field.Type;

/** The options set on a field (spec part 2 §3 'Field options'), shortest first. */
const optionsOf = (field: DocumentField) =>
  [
    field.IsKey ? 'key' : '',
    field.IsId ? 'id' : '',
    field.Validation?.IsRequired ? 'required' : '',
    field.IsUpdatable === false && !field.IsKey && !field.IsId ? 'not updatable' : '',
    field.IsMapping ? 'mapped' : '',
    field.Validation?.Expression ? 'regex' : '',
  ].filter(Boolean);

const describeDefault = (field: DocumentField) => {
  const fallback = field.Default;
  if (!fallback?.Type) return '';
  const when = [fallback.Insert ? 'insert' : '', fallback.Update ? 'update' : ''].filter(Boolean).join(', ');
  const what = fallback.Type === 'StaticValue' ? JSON.stringify(fallback.Value ?? '') : fallback.Type;
  return when ? `${what} (${when})` : what;
};

/**
 * The document's fields as a flat table (spec part 2 §2 'Document Builder', §3 wire form): sortable by
 * field name (the default, spec part 2 §2 'Tables') or by order, rows dragged to reorder while sorted by
 * order ('Can not drop row in this location' otherwise, or above the standard fields), each row opening
 * the field details drawer. The drag handle also moves a row with the arrow keys.
 */
export function DocumentFieldsField(props: FieldProps<DocumentField[]>) {
  const { onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const fields = useMemo(() => props.formData ?? [], [props.formData]);
  const context = documentFormContext(props.registry.formContext);
  const editable = !(disabled || readonly || context.readOnly);
  const drawers = useDrawers();
  const confirm = useConfirm();
  const notify = useNotify();
  const [sort, setSort] = useState<Sort>({ by: 'name', descending: false });
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const view = useMemo(() => {
    const indexes = fields.map((_field, index) => index);
    if (sort.by === 'name')
      indexes.sort((a, b) =>
        fields[a]!.Name.localeCompare(fields[b]!.Name, undefined, { sensitivity: 'base' }),
      );
    if (sort.descending) indexes.reverse();
    return indexes;
  }, [fields, sort]);

  const change = (next: DocumentField[]) => onChange(next, fieldPathId.path);

  const open = (index: number | null) => {
    const field: DocumentField =
      index === null
        ? { Name: '', Type: 'String', IsUpdatable: true, IsNew: true, Validation: { MaxLength: 50 } }
        : fields[index]!;
    drawers.open({
      key: FIELD_DRAWER,
      title: index === null ? t('db.fields.newField') : `${t('db.fields.details')}: ${field.Name}`,
      content: (
        <FieldDetailsDrawer
          drawerKey={FIELD_DRAWER}
          field={field}
          siblings={fields.filter((_entry, position) => position !== index)}
          context={context}
          onSave={(saved) => {
            const { IsNew: _new, ...kept } = saved;
            change(
              index === null
                ? [...fields, { ...kept, Order: fields.length }]
                : fields.map((entry, position) => (position === index ? kept : entry)),
            );
          }}
        />
      ),
    });
  };

  const remove = async (index: number) => {
    const yes = await confirm({
      title: t('db.fields.deleteTitle'),
      body: t('db.fields.deleteBody', { name: fields[index]!.Name }),
      confirmText: 'Delete',
      tone: 'danger',
    });
    if (yes)
      change(
        fields
          .filter((_field, position) => position !== index)
          .map((field, position) => ({ ...field, Order: position })),
      );
  };

  const move = (from: number, to: number) => {
    const next = moveField(fields, from, to, { sortedByName: sort.by === 'name' || sort.descending });
    if (!next) notify('warning', t('db.dropNotAllowed'));
    else if (from !== to) change(next);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    setOver(null);
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  const header = (by: Sort['by'], label: string) => {
    const sorted = sort.by === by;
    return (
      <th scope="col" aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button
          type="button"
          className="list__sort"
          onClick={() => setSort({ by, descending: sorted ? !sort.descending : false })}
        >
          {label}
          <span className={`list__sort-mark${sorted ? ' list__sort-mark--on' : ''}`} aria-hidden="true">
            {sorted && sort.descending ? '▼' : '▲'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <section className="doc-table" aria-label={t('db.fields.title')}>
      <header className="doc-table__header">
        <h3 className="form-section__title">{t('db.fields.title')}</h3>
        {editable && (
          <button type="button" className="button button--small" onClick={() => open(null)}>
            {t('db.fields.add')}
          </button>
        )}
      </header>
      <div className="list__frame">
        <table className="list__table doc-table__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Move</span>
              </th>
              {header('order', '#')}
              {header('name', 'Field name')}
              <th scope="col">Type</th>
              <th scope="col">Options</th>
              <th scope="col">Default</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.length === 0 && (
              <tr>
                <td colSpan={7} className="list__state">
                  {t('db.fields.empty')}
                </td>
              </tr>
            )}
            {view.map((index) => {
              const field = fields[index]!;
              const errors = errorsAt(errorSchema, index);
              const draggable = editable && field.IsStandard !== true;
              return (
                <tr
                  key={`${index}-${field.Name}`}
                  className={`${errors.length > 0 ? 'doc-table__row--invalid' : ''}${over === index ? ' doc-table__row--over' : ''}${field.IsStandard ? ' doc-table__row--standard' : ''}`}
                  draggable={draggable}
                  onDragStart={(event) => {
                    setDragged(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', field.Name);
                  }}
                  onDragOver={(event) => {
                    if (dragged === null) return;
                    event.preventDefault();
                    setOver(index);
                  }}
                  onDragLeave={() => setOver((current) => (current === index ? null : current))}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  data-field={field.Name}
                >
                  <td className="doc-table__handle-cell">
                    {draggable && (
                      <button
                        type="button"
                        className="doc-table__handle"
                        aria-label={`Move ${field.Name}`}
                        title="Drag, or use the arrow keys, to reorder"
                        onKeyDown={(event) => onHandleKey(event, index)}
                      >
                        ⠿
                      </button>
                    )}
                  </td>
                  <td className="list__muted">{index + 1}</td>
                  <td>
                    <button
                      type="button"
                      id={`${fieldPathId.$id}_${index}_Name`}
                      className="list__open"
                      onClick={() => open(index)}
                    >
                      {field.Name || '—'}
                    </button>
                    {field.IsStandard && <span className="badge badge--muted doc-table__tag">standard</span>}
                    {errors.length > 0 && (
                      <span className="doc-table__errors" role="alert">
                        {errors.join(' ')}
                      </span>
                    )}
                  </td>
                  <td className="doc-table__nowrap">{typeLabel(field)}</td>
                  <td>
                    <span className="doc-table__options">
                      {optionsOf(field).map((option) => (
                        <span key={option} className="badge badge--muted">
                          {option}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td>{describeDefault(field)}</td>
                  <RowActions
                    open={{
                      label: editable && !field.IsStandard ? 'edit' : 'view',
                      onClick: () => open(index),
                    }}
                    remove={
                      editable &&
                      !field.IsStandard && {
                        ariaLabel: `Delete ${field.Name}`,
                        onClick: () => void remove(index),
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
