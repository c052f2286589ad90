import { useCallback } from 'react';
import { form } from '../../../../generated/forms/FlowReadFilter';
import { cleanFilter, cleanGroups } from '../../../domain/flow/conditions';
import { conditionGroupErrors } from '../../../domain/flow/rules/conditionRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionGroup, FlowBlock } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';
import { formFields } from '../formFields';
import { below } from './drawerErrors';

interface ReadFilterValue {
  Filters: ConditionGroup[];
}

/**
 * Read filter (spec part 2 §2 drawer 10), declared in schemas/drawers/flow-read-filter: the condition
 * editor over the action's fields, comparing with flow fields; saving drops empty or null values (§4).
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
  const rules = useCallback(
    (value: ReadFilterValue) =>
      below(
        conditionGroupErrors(block, '/Config/Filters', cleanGroups(value.Filters, cleanFilter), {
          fields,
          compare,
          requireGroup: false,
        }),
        '/Config/Filters',
        '/Filters',
      ),
    [block, fields, compare],
  );
  const uiSchemaOf = useCallback(
    () => withOptions(form.uiSchema, { Filters: { fields, compare } }),
    [fields, compare],
  );
  return (
    <DrawerForm<ReadFilterValue>
      drawerKey={props.drawerKey}
      form={form}
      value={{ Filters: [...props.groups] }}
      readOnly={props.readOnly}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      validateOnOpen
      onSave={async (value) => {
        props.onSave(cleanGroups(value.Filters, cleanFilter));
        return true;
      }}
    />
  );
}
