import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { FunctionList } from '../../../domain/flow/types';

/**
 * Function lists to choose from (`"ui:field": "functionListTable"`, spec part 2 §2 drawer 15): each list
 * with its number of fields; choosing one sets the value and calls `formContext.open` (which opens its
 * fields). The lists come from `ui:options.lists`.
 */
export function FunctionListTableField(props: FieldProps<string | null>) {
  const { onChange, fieldPathId, registry } = props;
  const lists = (getUiOptions(props.uiSchema).lists as FunctionList[] | undefined) ?? [];
  const open = (registry.formContext as { open?: (list: FunctionList) => void } | undefined)?.open;
  return (
    <table className="list__table flow-table" aria-label="Function lists" id={fieldPathId.$id}>
      <thead>
        <tr>
          <th scope="col">Function list</th>
          <th scope="col">Fields</th>
        </tr>
      </thead>
      <tbody>
        {lists.map((list) => (
          <tr key={list.Guid}>
            <td>
              <button
                type="button"
                className="list__open"
                onClick={() => {
                  onChange(list.Guid, fieldPathId.path);
                  open?.(list);
                }}
              >
                {list.Name}
              </button>
            </td>
            <td>{list.Fields?.length ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
