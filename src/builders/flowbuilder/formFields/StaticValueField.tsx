import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { flowType } from '../../../domain/flow/fieldTypes';
import type { FlowField } from '../../../domain/flow/types';
import { FieldLabel } from '../../../engine/form/fields/fieldLabel';
import { StaticValueInput } from '../fields/StaticValueInput';

/**
 * A static value fitting a flow field type (`"ui:field": "staticValue"`, the type in `ui:options.type`):
 * a checkbox for booleans, date inputs for dates, text otherwise.
 */
export function StaticValueField(props: FieldProps<FlowField['Value']>) {
  const { formData, onChange, fieldPathId, disabled, readonly, rawErrors } = props;
  const type = getUiOptions(props.uiSchema).type as string | null | undefined;
  const label = String(props.uiSchema?.['ui:title'] ?? props.name);
  return (
    <>
      {flowType(type) !== 'Boolean' && <FieldLabel props={props} />}
      <StaticValueInput
        id={fieldPathId.$id}
        label={label}
        type={type}
        value={formData ?? null}
        readOnly={Boolean(disabled || readonly)}
        invalid={(rawErrors?.length ?? 0) > 0}
        onChange={(next) => onChange(next, fieldPathId.path)}
      />
    </>
  );
}
