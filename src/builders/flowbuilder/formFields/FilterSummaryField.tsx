import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { scopeOf } from '../../../domain/flow/scope';
import type { ConditionGroup, FlowField } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { ReadFilterDrawer } from '../drawers/ReadFilterDrawer';
import type { ActionBlockContext } from './ActionBlockEditor';

/**
 * A read block's filter (`"ui:field": "filterSummary"`): how many condition groups it has, edited (or
 * viewed, read-only) in the read filter drawer over the action's output fields (`ui:options.fields`),
 * compared with the flow fields in scope (spec part 2 §2 drawer 10).
 */
export function FilterSummaryField(props: FieldProps<ConditionGroup[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, registry } = props;
  const fields = (getUiOptions(props.uiSchema).fields as FlowField[] | undefined) ?? [];
  const context = registry.formContext as Partial<ActionBlockContext>;
  const drawers = useDrawers();
  const readOnly = Boolean(disabled || readonly);
  const groups = formData ?? [];
  const key = `${fieldPathId.$id}:filter`;
  return (
    <div id={fieldPathId.$id}>
      <h3 className="form-section__title">{String(props.uiSchema?.['ui:title'] ?? 'Filter')}</h3>
      <p className="flow-inline">
        <span>{groups.length === 0 ? 'No filter' : `${groups.length} condition group(s)`}</span>
        {context.block && context.scope && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              drawers.open({
                key,
                title: 'Read filter',
                size: 'wide',
                content: (
                  <ReadFilterDrawer
                    drawerKey={key}
                    block={context.block!}
                    groups={groups}
                    fields={scopeOf(fields)}
                    compare={context.scope!}
                    readOnly={readOnly}
                    onSave={(next) => onChange(next, fieldPathId.path)}
                  />
                ),
              })
            }
          >
            {readOnly ? 'View filter' : 'Edit filter'}
          </button>
        )}
      </p>
    </div>
  );
}
