import { useState } from 'react';
import type { ActionField } from '../../domain/actionDocuments/actionFields';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { t } from '../../messages/t';

/**
 * Drawer 3, action sorting fields (spec part 2 §2): tick output fields of the action (field name and
 * type); fields already used are disabled with a tooltip saying so; the footer counts the selection and
 * adds it, disabled while nothing is selected.
 */
export function SortingFieldsDrawer({
  drawerKey,
  fields,
  used,
  onAdd,
}: {
  drawerKey: string;
  fields: readonly ActionField[];
  used: readonly string[];
  onAdd(names: string[]): void;
}) {
  const { close } = useDrawers();
  const [selected, setSelected] = useState<string[]>([]);
  const isUsed = (name: string) => used.some((entry) => entry.toLowerCase() === name.toLowerCase());
  return (
    <div className="picker">
      <div className="list__frame">
        <table className="list__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col">Field name</th>
              <th scope="col">Field type</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const taken = isUsed(field.Name);
              return (
                <tr key={field.Name} title={taken ? t('ad.sorting.used') : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Sort by ${field.Name}`}
                      disabled={taken}
                      checked={taken || selected.includes(field.Name)}
                      onChange={(event) =>
                        setSelected((current) =>
                          event.target.checked
                            ? [...current, field.Name]
                            : current.filter((name) => name !== field.Name),
                        )
                      }
                    />
                  </td>
                  <td>{field.Name}</td>
                  <td>{field.Type}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <footer className="drawer__footer picker__footer">
        <span>{t('ad.sorting.selected', { count: selected.length })}</span>
        <button
          type="button"
          className="button button--primary"
          disabled={selected.length === 0}
          onClick={() => {
            onAdd(selected);
            void close(drawerKey, { force: true });
          }}
        >
          {t('ad.sorting.add')}
        </button>
      </footer>
    </div>
  );
}
