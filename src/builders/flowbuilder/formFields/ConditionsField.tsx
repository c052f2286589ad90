import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useMemo } from 'react';
import { type FieldScope, scopeOf } from '../../../domain/flow/scope';
import type { ConditionGroup } from '../../../domain/flow/types';
import { errorsBelow } from '../../../engine/form/fields/errorList';
import { ConditionEditor } from '../condition/ConditionEditor';

/** What conditions are written over: the fields they test and the fields they compare with. */
interface ConditionsOptions {
  fields?: FieldScope;
  compare?: FieldScope;
}

const noFields = scopeOf([]);

/**
 * The condition editor (`"ui:field": "conditions"`, spec part 2 §2 drawers 5 and 10, §3 'Condition
 * rule', 'Operators'): groups of conditions, all of a group holding and any group enough; the fields come
 * from `ui:options.fields` (tested) and `ui:options.compare` (compared with, default the same).
 */
export function ConditionsField(props: FieldProps<ConditionGroup[]>) {
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema } = props;
  const options = getUiOptions(props.uiSchema) as ConditionsOptions;
  const fields = options.fields ?? noFields;
  const errors = useMemo(() => errorsBelow(errorSchema), [errorSchema]);
  return (
    <div id={fieldPathId.$id}>
      <ConditionEditor
        groups={formData ?? []}
        fields={fields}
        compare={options.compare ?? fields}
        errors={errors}
        path=""
        idBase={fieldPathId.$id}
        readOnly={Boolean(disabled || readonly)}
        onChange={(next) => onChange(next, fieldPathId.path)}
      />
    </div>
  );
}
