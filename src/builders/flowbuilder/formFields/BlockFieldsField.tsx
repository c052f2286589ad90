import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { FlowField } from '../../../domain/flow/types';
import { RowActions } from '../../../engine/list/RowActions';

/** What the fields of a start or add block show beside name and type. */
type Columns = 'start' | 'add';

/** What a block's field list does: open a field's drawer, delete a field (absent when not editable). */
export interface BlockFieldsContext {
  edit(index: number): void;
  remove?: ((index: number) => void) | undefined;
}

const describe = (field: FlowField) => {
  if (field.AddType === 'Static') return `Static: ${String(field.Value ?? '')}`;
  if (field.AddType === 'System') return `System: ${String(field.Value ?? '')}`;
  if (field.AddType === 'Function') return `Function: ${field.FunctionName ?? '—'}`;
  return '—';
};

/**
 * The fields of a start or add block (`"ui:field": "blockFields"`, `ui:options.columns` 'start' or
 * 'add'), each opening its own drawer and deleted by its row action (spec part 2 §2 drawers 4 and 12);
 * what they do comes from `formContext` (BlockFieldsContext).
 */
export function BlockFieldsField(props: FieldProps<FlowField[]>) {
  const { formData, fieldPathId, registry } = props;
  const options = getUiOptions(props.uiSchema) as { columns?: Columns; label?: string; empty?: string };
  const columns = options.columns ?? 'start';
  const context = (registry.formContext ?? {}) as Partial<BlockFieldsContext>;
  const fields = formData ?? [];
  const span = columns === 'start' ? 5 : 4;
  return (
    <table className="list__table flow-table" aria-label={options.label} id={fieldPathId.$id}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          {columns === 'start' ? (
            <>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
            </>
          ) : (
            <th scope="col">Value</th>
          )}
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.length === 0 && (
          <tr>
            <td colSpan={span} className="list__state">
              {options.empty ?? 'No fields yet.'}
            </td>
          </tr>
        )}
        {fields.map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat or be empty while edited; a row is its position
          <tr key={`${field.Name}-${index}`}>
            <td>
              <button type="button" className="list__open" onClick={() => context.edit?.(index)}>
                {field.Name || '(no name)'}
              </button>
            </td>
            <td>{field.Type ?? '—'}</td>
            {columns === 'start' ? (
              <>
                <td>{field.Validation?.IsRequired ? 'Yes' : 'No'}</td>
                <td>{field.Default?.Type ?? '—'}</td>
              </>
            ) : (
              <td>{describe(field)}</td>
            )}
            <RowActions
              remove={
                context.remove && {
                  ariaLabel: `Delete field ${field.Name}`,
                  onClick: () => context.remove?.(index),
                }
              }
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
