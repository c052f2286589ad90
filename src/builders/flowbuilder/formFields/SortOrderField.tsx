import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { BlockConfig, FlowField } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { SortFieldsDrawer } from '../drawers/SortFieldsDrawer';

type Sorting = NonNullable<BlockConfig['Sorting']>;

/**
 * A read block's sort order (`"ui:field": "sortOrder"`): fields with a direction (ASC or DESC), removed
 * one by one, added through the sorting fields drawer from the action's output fields
 * (`ui:options.fields`, spec part 2 §2 drawer 3).
 */
export function SortOrderField(props: FieldProps<Sorting>) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const fields = (getUiOptions(props.uiSchema).fields as FlowField[] | undefined) ?? [];
  const drawers = useDrawers();
  const editable = !(disabled || readonly);
  const sorting = formData ?? [];
  const set = (next: Sorting) => onChange(next, fieldPathId.path);
  const key = `${fieldPathId.$id}:sorting`;
  return (
    <div id={fieldPathId.$id}>
      <h3 className="form-section__title">{String(props.uiSchema?.['ui:title'] ?? 'Sort order')}</h3>
      {sorting.map((sort, index) => (
        <p className="flow-inline" key={sort.Name}>
          <span className="flow-inline__name">{sort.Name}</span>
          <select
            className="field__select"
            aria-label={`Direction of ${sort.Name}`}
            value={sort.Direction ?? 'ASC'}
            disabled={!editable}
            onChange={(event) =>
              set(
                sorting.map((entry, at) =>
                  at === index ? { ...entry, Direction: event.target.value } : entry,
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
              aria-label={`Remove sorting on ${sort.Name}`}
              onClick={() => set(sorting.filter((_, at) => at !== index))}
            >
              ×
            </button>
          )}
        </p>
      ))}
      {editable && (
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            drawers.open({
              key,
              title: 'Sorting fields',
              content: (
                <SortFieldsDrawer
                  drawerKey={key}
                  fields={fields}
                  used={new Set(sorting.map((sort) => sort.Name))}
                  onAdd={(names) => set([...sorting, ...names.map((Name) => ({ Name, Direction: 'ASC' }))])}
                />
              ),
            })
          }
        >
          Add sort fields
        </button>
      )}
    </div>
  );
}
