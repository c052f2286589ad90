import type { FieldProps } from '@rjsf/utils';
import type { ActionField } from '../../domain/actionDocuments/actionFields';
import type { Action } from '../../domain/actionDocuments/types';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { FieldLabel } from '../../engine/form/fields/fieldLabel';
import { t } from '../../messages/t';
import { SortingFieldsDrawer } from './SortingFieldsDrawer';

type Sorting = NonNullable<Action['Sorting']>;

const SORTING_DRAWER = 'action-sorting-fields';

/**
 * An action's sorting: fields with a direction (ASC or DESC, spec part 2 §9), added through the action
 * sorting fields drawer (drawer 3) from the fields the UI schema offers (`ui:options.fields`).
 */
export function SortingField(props: FieldProps<Sorting>) {
  const { onChange, fieldPathId, disabled, readonly, uiSchema } = props;
  const sorting = props.formData ?? [];
  const fields = ((uiSchema?.['ui:options'] as { fields?: ActionField[] } | undefined)?.fields ??
    []) as ActionField[];
  const editable = !(disabled || readonly);
  const drawers = useDrawers();
  const change = (next: Sorting) => onChange(next, fieldPathId.path);
  return (
    <div className="doc-table">
      <div className="doc-table__header">
        <FieldLabel props={props} htmlFor={`${fieldPathId.$id}_add`} />
        {editable && (
          <button
            id={`${fieldPathId.$id}_add`}
            type="button"
            className="button button--small"
            // Its own name: the field's label points at it, and would otherwise name it 'Sorting'.
            aria-label="Add sorting fields"
            disabled={fields.length === 0}
            onClick={() =>
              drawers.open({
                key: SORTING_DRAWER,
                title: t('ad.sorting.title'),
                content: (
                  <SortingFieldsDrawer
                    drawerKey={SORTING_DRAWER}
                    fields={fields}
                    used={sorting.map((entry) => entry.Field)}
                    onAdd={(names) =>
                      change([...sorting, ...names.map((Field) => ({ Field, Direction: 'ASC' as const }))])
                    }
                  />
                ),
              })
            }
          >
            Add sorting fields
          </button>
        )}
      </div>
      {sorting.length === 0 && <p className="help-block">No sorting.</p>}
      {sorting.map((entry, index) => (
        <div key={entry.Field} className="doc-tree__actions">
          <span className="doc-table__nowrap">{entry.Field}</span>
          <select
            className="field__select"
            aria-label={`Direction of ${entry.Field}`}
            value={entry.Direction ?? 'ASC'}
            disabled={!editable}
            onChange={(event) =>
              change(
                sorting.map((item, position) =>
                  position === index ? { ...item, Direction: event.target.value as 'ASC' | 'DESC' } : item,
                ),
              )
            }
          >
            <option value="ASC">ASC</option>
            <option value="DESC">DESC</option>
          </select>
          {editable && (
            <button
              type="button"
              className="button button--small button--danger-outline"
              aria-label={`Remove ${entry.Field} from sorting`}
              onClick={() => change(sorting.filter((_item, position) => position !== index))}
            >
              remove
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
