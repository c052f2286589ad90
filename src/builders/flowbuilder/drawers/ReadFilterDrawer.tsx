import { useCallback } from 'react';
import { cleanFilter, cleanGroups } from '../../../domain/flow/conditions';
import { conditionGroupErrors } from '../../../domain/flow/rules/conditionRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionGroup, FlowBlock } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { ConditionEditor } from '../condition/ConditionEditor';

/**
 * Read filter (spec part 2 §2 drawer 10): the condition editor over the action's fields, comparing with
 * flow fields; saving drops empty or null values (§4).
 */
export function ReadFilterDrawer(props: {
  drawerKey: string;
  block: FlowBlock;
  groups: readonly ConditionGroup[];
  fields: FieldScope;
  compare: FieldScope;
  readOnly: boolean;
  onSave(groups: ConditionGroup[]): void;
}) {
  const { block, fields, compare } = props;
  const validate = useCallback(
    (groups: ConditionGroup[]) =>
      conditionGroupErrors(block, '/Config/Filters', cleanGroups(groups, cleanFilter), {
        fields,
        compare,
        requireGroup: false,
      }),
    [block, fields, compare],
  );
  return (
    <DrawerEditor
      drawerKey={props.drawerKey}
      value={[...props.groups]}
      validate={validate}
      readOnly={props.readOnly}
      onSave={(groups) => {
        props.onSave(cleanGroups(groups, cleanFilter));
        return true;
      }}
    >
      {({ value, onChange, errors, readOnly }) => (
        <ConditionEditor
          groups={value}
          fields={fields}
          compare={compare}
          onChange={onChange}
          errors={errors}
          path="/Config/Filters"
          readOnly={readOnly}
        />
      )}
    </DrawerEditor>
  );
}
