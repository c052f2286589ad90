import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useMemo } from 'react';
import type { FlowField } from '../../../domain/flow/types';
import { errorsBelow } from '../../../engine/form/fields/errorList';
import { OutputTable } from '../fields/OutputTable';

interface OutputOptions {
  /** The output fields of the action or connector. */
  available?: FlowField[];
  label?: string;
}

/**
 * Output fields of an action or connector (`"ui:field": "outputFields"`), each ticked into the flow under
 * an alias (spec part 2 §3 'Block': output with alias; §5 Read: aliases set, unique and not clashing with
 * flow variables); the fields offered come from `ui:options.available`.
 */
export function OutputField(props: FieldProps<FlowField[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema } = props;
  const options = getUiOptions(props.uiSchema) as OutputOptions;
  const errors = useMemo(() => errorsBelow(errorSchema), [errorSchema]);
  return (
    <div id={fieldPathId.$id}>
      <h3 className="form-section__title">{String(props.uiSchema?.['ui:title'] ?? 'Output')}</h3>
      <OutputTable
        label={options.label ?? 'Output fields'}
        available={options.available ?? []}
        output={formData ?? []}
        errors={errors}
        readOnly={Boolean(disabled || readonly)}
        onChange={(next) => onChange(next, fieldPathId.path)}
      />
    </div>
  );
}
