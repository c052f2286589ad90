import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { FlowField, FlowMapping } from '../../../domain/flow/types';
import { MappingTable } from '../fields/MappingTable';

/** What a mapping is drawn from: the inputs to map into, the flow fields to map from. */
interface MappingOptions {
  inputs?: FlowField[];
  fields?: FlowField[];
  /** The table's accessible name. */
  label?: string;
  /** A section heading above the table (the block drawers' 'Mapping'). */
  heading?: string;
}

/**
 * The mapping table (`"ui:field": "mapping"`): flow fields into the inputs of an action, a connector or a
 * function, one row per input with its type and required and key flags (spec part 2 §2 drawer 4, §3
 * 'Block' mapping). Rows without a flow field are left out of the value.
 */
export function MappingField(props: FieldProps<FlowMapping[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const options = getUiOptions(props.uiSchema) as MappingOptions;
  return (
    <div id={fieldPathId.$id}>
      {options.heading && <h3 className="form-section__title">{options.heading}</h3>}
      <MappingTable
        label={options.label ?? 'Mapping'}
        inputs={options.inputs ?? []}
        mappings={formData ?? []}
        fields={options.fields ?? []}
        readOnly={Boolean(disabled || readonly)}
        onChange={(next) =>
          onChange(
            next.filter((mapping) => mapping.From),
            fieldPathId.path,
          )
        }
      />
    </div>
  );
}
