import { useMemo, useState } from 'react';
import { keyFieldOf } from '../../domain/documents/keyField';
import type { Document } from '../../domain/documents/types';
import { t } from '../../messages/t';

type Column = 'name' | 'key' | 'type';

const cellText = (document: Document, column: Column) =>
  column === 'name' ? document.Name : column === 'key' ? (keyFieldOf(document)?.Name ?? '') : document.Type;

/**
 * Drawer 1, the document reference picker (spec part 2 §2): a searchable table sortable by name, key
 * and type (ascending by name at first). A list document may only pick list documents. Clicking a row
 * answers it.
 */
export function ReferencePicker({
  documents,
  listOnly,
  onPick,
}: {
  documents: readonly Document[];
  listOnly: boolean;
  onPick(document: Document): void;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ by: Column; descending: boolean }>({ by: 'name', descending: false });
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const offered = documents.filter(
      (document) =>
        (!listOnly || document.Type === 'List') &&
        (needle === '' ||
          (['name', 'key', 'type'] as const).some((column) =>
            cellText(document, column).toLowerCase().includes(needle),
          )),
    );
    offered.sort((a, b) =>
      cellText(a, sort.by).localeCompare(cellText(b, sort.by), undefined, { sensitivity: 'base' }),
    );
    if (sort.descending) offered.reverse();
    return offered;
  }, [documents, listOnly, search, sort]);
  const header = (by: Column, label: string) => {
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
    <div className="picker">
      {listOnly && <p className="help-block">{t('db.references.pickerListOnly')}</p>}
      <input
        className="field__input"
        type="search"
        placeholder="Search"
        aria-label="Search documents"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="list__frame">
        <table className="list__table">
          <thead>
            <tr>
              {header('name', 'Name')}
              {header('key', 'Key')}
              {header('type', 'Type')}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={3} className="list__state">
                  {search ? `Nothing matches “${search}”.` : t('db.references.pickerEmpty')}
                </td>
              </tr>
            )}
            {rows.map((document) => (
              <tr key={document.Guid} className="picker__row" onClick={() => onPick(document)}>
                <td>
                  <button
                    type="button"
                    className="list__open"
                    onClick={(event) => {
                      event.stopPropagation();
                      onPick(document);
                    }}
                  >
                    {document.Name}
                  </button>
                </td>
                <td>{keyFieldOf(document)?.Name ?? '—'}</td>
                <td>{document.Type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
