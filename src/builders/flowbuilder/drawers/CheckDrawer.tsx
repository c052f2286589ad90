import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowCheck';
import { cleanCondition, cleanGroups } from '../../../domain/flow/conditions';
import { conditionGroupErrors } from '../../../domain/flow/rules/conditionRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionGroup, FlowBlock } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';
import { useBlock } from '../editor/flowEditorState';
import { formFields } from '../formFields';
import { below } from './drawerErrors';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

interface CheckValue {
  Groups: ConditionGroup[];
}

function CheckEditor({
  block,
  scope,
  drawerKey,
  editable,
  save,
}: {
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(groups: ConditionGroup[]): boolean;
}) {
  const rules = useCallback(
    (value: CheckValue) =>
      below(
        conditionGroupErrors(block, '/Config/Groups', cleanGroups(value.Groups, cleanCondition), {
          fields: scope,
          compare: scope,
          requireGroup: true,
        }),
        '/Config/Groups',
        '/Groups',
      ),
    [block, scope],
  );
  const uiSchemaOf = useCallback(
    () => withOptions(form.uiSchema, { Groups: { fields: scope, compare: scope } }),
    [scope],
  );
  const value = useMemo(() => ({ Groups: block.Config?.Groups ?? [] }), [block]);
  return (
    <DrawerForm<CheckValue>
      drawerKey={drawerKey}
      form={form}
      value={value}
      readOnly={!editable}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      validateOnOpen
      onSave={async (next) => save(next.Groups)}
    />
  );
}

/**
 * Check condition (spec part 2 §2 drawer 5), declared in schemas/drawers/flow-check: the condition
 * editor; saving drops values with both value and field empty (§4).
 */
export function CheckDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, scope, editable, update } = useBlock(guid);
  if (!block || !scope) return <MissingBlock />;
  return (
    <CheckEditor
      block={block}
      scope={scope}
      drawerKey={drawerKey}
      editable={editable}
      save={(groups) =>
        update((current) => ({
          ...current,
          Config: { ...current.Config, Groups: cleanGroups(groups, cleanCondition) },
        }))
      }
    />
  );
}
