import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowActionBlock';
import { outputErrors } from '../../../domain/flow/rules/actionRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowBlock, RestMethodFlow } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useBlock } from '../editor/flowEditorState';
import { formFields } from '../formFields';
import { type ActionBlockContext, emptyLookups } from '../formFields/ActionBlockEditor';
import { type ActionValue, fromActionValue, toActionValue } from './actionBlockValue';
import { below } from './drawerErrors';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

function ActionEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(block: Pick<FlowBlock, 'Config' | 'Output'>): boolean;
}) {
  const { block, scope, flow } = props;
  const value = useMemo(() => toActionValue(block), [block]);
  // Aliases block Save; what the flow validation will report is listed as hints (spec part 2 §5 Read).
  const rules = useCallback(
    (next: ActionValue) =>
      below(
        outputErrors({ ...block, Output: next.Output }, next.Output, {
          scope,
          lookups: emptyLookups(undefined),
          flow,
        }).filter((error) => error.messageKey !== 'fb.flowErrors.outputFieldMissing'),
        '/Output',
        '/Output',
      ),
    [block, scope, flow],
  );
  const formContext = useMemo<ActionBlockContext & Record<string, unknown>>(
    () => ({ block, scope, flow }),
    [block, scope, flow],
  );
  return (
    <DrawerForm<ActionValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={!props.editable}
      rules={rules}
      fields={formFields}
      formContext={formContext}
      validateOnOpen
      onSave={async (next) => props.save(fromActionValue(next, block))}
    />
  );
}

/**
 * Read and write blocks, declared in schemas/drawers/flow-action-block: action, mapping, filter, first
 * match, sort order and output aliases (spec part 2 §3 'Read block extras').
 */
export function ActionBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { flow, block, scope, editable, update } = useBlock(guid);
  if (!flow || !block || !scope) return <MissingBlock />;
  return (
    <ActionEditor
      flow={flow}
      block={block}
      scope={scope}
      drawerKey={drawerKey}
      editable={editable}
      save={(next) => update((current) => ({ ...current, Config: next.Config, Output: next.Output ?? [] }))}
    />
  );
}
