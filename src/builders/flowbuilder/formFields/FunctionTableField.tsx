import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { flowType } from '../../../domain/flow/fieldTypes';
import type { FlowFunction } from '../../../domain/flow/types';

interface FunctionTableOptions {
  /** The functions the filter shows. */
  functions?: FlowFunction[];
  /** The type the chosen function must give. */
  type?: string | null;
  loading?: boolean;
}

/**
 * Functions to choose from (`"ui:field": "functionTable"`, spec part 2 §2 drawer 8): name, description,
 * output type and connection; one whose output type differs from `ui:options.type` is disabled, saying
 * why. Choosing one sets the value and calls `formContext.pick`.
 */
export function FunctionTableField(props: FieldProps<string | null>) {
  const { onChange, fieldPathId, registry } = props;
  const options = getUiOptions(props.uiSchema) as FunctionTableOptions;
  const pick = (registry.formContext as { pick?: (fn: FlowFunction) => void } | undefined)?.pick;
  const shown = options.functions ?? [];
  return (
    <table className="list__table flow-table" aria-label="Functions" id={fieldPathId.$id}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Description</th>
          <th scope="col">Output type</th>
          <th scope="col">Connection</th>
        </tr>
      </thead>
      <tbody>
        {shown.length === 0 && (
          <tr>
            <td colSpan={4} className="list__state">
              {options.loading ? 'Loading…' : 'No functions match.'}
            </td>
          </tr>
        )}
        {shown.map((fn) => {
          const fits = flowType(fn.Output?.Type) === flowType(options.type);
          return (
            <tr
              key={fn.Guid}
              className={fits ? undefined : 'flow-table__row--disabled'}
              title={
                fits ? undefined : `Gives ${fn.Output?.Type ?? '?'}; the field needs ${options.type ?? '?'}`
              }
            >
              <td>
                <button
                  type="button"
                  className="list__open"
                  disabled={!fits}
                  onClick={() => {
                    onChange(fn.Guid, fieldPathId.path);
                    pick?.(fn);
                  }}
                >
                  {fn.Name}
                </button>
              </td>
              <td>{fn.Description ?? '—'}</td>
              <td>{fn.Output?.Type ?? '—'}</td>
              <td>{fn.ConnectionName ?? '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
