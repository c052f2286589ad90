import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowResultBlock';
import { resultRules } from '../../../domain/flow/rules/otherRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowBlock, FlowField, RestMethodFlow } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';
import { useBlock } from '../editor/flowEditorState';
import { formFields } from '../formFields';
import { below } from './drawerErrors';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

interface ResultValue {
  IsArray: boolean;
  IgnoreNulls: boolean;
  FullOutput: boolean;
  Output: FlowField[];
}

const noLookups = { actions: new Map(), connectors: new Map(), functions: new Map(), defaultValueTypes: [] };

/** The block as the drawer's value makes it. */
const draftOf = (block: FlowBlock, value: ResultValue): FlowBlock => ({
  ...block,
  Config: {
    ...block.Config,
    IsArray: value.IsArray,
    IgnoreNulls: value.IgnoreNulls,
    FullOutput: value.FullOutput,
  },
  Output: value.Output,
});

function ResultEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(block: FlowBlock): boolean;
}) {
  const { block, scope, flow } = props;
  const value = useMemo<ResultValue>(
    () => ({
      IsArray: block.Config?.IsArray === true,
      IgnoreNulls: block.Config?.IgnoreNulls === true,
      FullOutput: block.Config?.FullOutput === true,
      Output: block.Output ?? [],
    }),
    [block],
  );
  const rules = useCallback(
    (next: ResultValue) =>
      below(resultRules(draftOf(block, next), { scope, lookups: noLookups, flow }), '/Output', '/Output'),
    [block, scope, flow],
  );
  const uiSchemaOf = useCallback(
    (current: ResultValue) => {
      const ui = withOptions(form.uiSchema, { Output: { fields: scope.fields() } });
      // Full output answers every flow field: there are no result fields to choose.
      if (current.FullOutput) ui.Output = { ...ui.Output, 'ui:widget': 'hidden' };
      return ui;
    },
    [scope],
  );
  return (
    <DrawerForm<ResultValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={!props.editable}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      validateOnOpen
      onSave={async (next) => props.save(draftOf(block, next))}
    />
  );
}

/**
 * The result block, declared in schemas/drawers/flow-result: array, ignore nulls, full output, and result
 * fields with aliases (spec part 2 §3 'Block' result, §5 Result).
 */
export function ResultDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { flow, block, scope, editable, update } = useBlock(guid);
  if (!flow || !block || !scope) return <MissingBlock />;
  return (
    <ResultEditor
      flow={flow}
      block={block}
      scope={scope}
      drawerKey={drawerKey}
      editable={editable}
      save={(next) => update((current) => ({ ...current, Config: next.Config, Output: next.Output }))}
    />
  );
}
