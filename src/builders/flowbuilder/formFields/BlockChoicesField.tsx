import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { addableTypes, blockTypes } from '../../../domain/flow/blockTypes';
import type { FalseExitEnd } from '../../../domain/flow/graph';
import type { BlockType, HttpMethod } from '../../../domain/flow/types';

/**
 * The blocks that can be added (`"ui:field": "blockChoices"`, spec part 2 §2 drawer 6), each a button
 * calling `formContext.add`; one not possible in the flow's method (`ui:options.method`) is disabled,
 * saying why. The value is how a CHECK's false path ends, chosen beside it.
 */
export function BlockChoicesField(props: FieldProps<FalseExitEnd>) {
  const { formData, onChange, fieldPathId, registry } = props;
  const method = (getUiOptions(props.uiSchema).method as HttpMethod | undefined) ?? 'GET';
  const add = (registry.formContext as { add?: (type: BlockType, end: FalseExitEnd) => void } | undefined)
    ?.add;
  const falseExit = formData ?? 'error';
  return (
    <ul className="flow-choices" id={fieldPathId.$id}>
      {addableTypes.map((type) => {
        const definition = blockTypes[type];
        const allowed = definition.allowedFor?.(method) ?? true;
        return (
          <li key={type}>
            <button
              type="button"
              className={`flow-choice flow-choice--${type}`}
              disabled={!allowed}
              title={allowed ? undefined : `Not possible in a ${method} flow`}
              onClick={() => add?.(type, falseExit)}
            >
              <span className="flow-choice__label">{definition.label}</span>
              <span className="flow-choice__text">
                {allowed ? definition.description : `Not possible in a ${method} flow.`}
              </span>
            </button>
            {type === 'check' && (
              <fieldset className="flow-choice__option">
                <legend>{String(props.uiSchema?.['ui:title'] ?? 'A failed check ends with')}</legend>
                {(['error', 'close'] as const).map((end) => (
                  <label key={end} className="checkbox">
                    <input
                      type="radio"
                      name={`${fieldPathId.$id}-false-exit`}
                      checked={falseExit === end}
                      onChange={() => onChange(end, fieldPathId.path)}
                    />
                    <span>{end === 'error' ? 'an ERROR block' : 'a CLOSE block'}</span>
                  </label>
                ))}
              </fieldset>
            )}
          </li>
        );
      })}
    </ul>
  );
}
