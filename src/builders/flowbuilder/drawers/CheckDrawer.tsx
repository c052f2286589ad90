import { useCallback } from 'react';
import { cleanCondition, cleanGroups } from '../../../domain/flow/conditions';
import { conditionGroupErrors } from '../../../domain/flow/rules/conditionRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionGroup, FlowBlock } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { ConditionEditor } from '../condition/ConditionEditor';
import { useBlock } from '../editor/flowEditorState';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

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
  const validate = useCallback(
    (groups: ConditionGroup[]) =>
      conditionGroupErrors(block, '/Config/Groups', cleanGroups(groups, cleanCondition), {
        fields: scope,
        compare: scope,
        requireGroup: true,
      }),
    [block, scope],
  );
  return (
    <DrawerEditor
      drawerKey={drawerKey}
      value={block.Config?.Groups ?? []}
      validate={validate}
      readOnly={!editable}
      onSave={save}
    >
      {({ value, onChange, errors, readOnly }) => (
        <ConditionEditor
          groups={value}
          fields={scope}
          compare={scope}
          onChange={onChange}
          errors={errors}
          path="/Config/Groups"
          readOnly={readOnly}
        />
      )}
    </DrawerEditor>
  );
}

/** Check condition (spec part 2 §2 drawer 5): the condition editor; saving drops values with both value and field empty (§4). */
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
