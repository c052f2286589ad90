import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowExternalBlock';
import { outputErrors } from '../../../domain/flow/rules/actionRules';
import { externalRules } from '../../../domain/flow/rules/otherRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowBlock, FlowField, FlowMapping, RestMethodFlow } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';
import { useBlock } from '../editor/flowEditorState';
import { BlockHints } from '../fields/problems';
import { connectorsQuery } from '../flowQueries';
import { formFields } from '../formFields';
import { below } from './drawerErrors';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

interface ExternalValue {
  MethodGuid: string | null;
  Mapping: FlowMapping[];
  Output: FlowField[];
}

/** Another method starts without a mapping and an output. */
const normalize = (next: ExternalValue, previous: ExternalValue): ExternalValue =>
  next.MethodGuid !== previous.MethodGuid ? { ...next, Mapping: [], Output: [] } : next;

function ExternalEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(block: Pick<FlowBlock, 'Config' | 'Output'>): boolean;
}) {
  const { block, scope, flow } = props;
  const connectors = useQuery(connectorsQuery());
  const lookups = useMemo(
    () => ({
      actions: new Map(),
      connectors: new Map((connectors.data ?? []).map((connector) => [connector.Guid, connector])),
      functions: new Map(),
      defaultValueTypes: [],
    }),
    [connectors.data],
  );
  /** The block as the drawer's value would make it. */
  const draft = useCallback(
    (value: ExternalValue): FlowBlock => {
      const picked = lookups.connectors.get(value.MethodGuid ?? '');
      const same = value.MethodGuid === (block.Config?.MethodGuid ?? null);
      return {
        ...block,
        Config: {
          ...block.Config,
          MethodGuid: value.MethodGuid,
          MethodName: picked?.Name ?? (same ? (block.Config?.MethodName ?? null) : null),
          FlowConnectionGuid:
            picked?.FlowConnectionGuid ?? (same ? (block.Config?.FlowConnectionGuid ?? null) : null),
          ConnectionName: picked?.ConnectionName ?? (same ? (block.Config?.ConnectionName ?? null) : null),
          Mapping: value.Mapping,
        },
        Output: value.Output,
      };
    },
    [block, lookups],
  );
  const rules = useCallback(
    (value: ExternalValue) =>
      below(
        outputErrors({ ...block, Output: value.Output }, value.Output, { scope, lookups, flow }).filter(
          (error) => error.messageKey !== 'fb.flowErrors.outputFieldMissing',
        ),
        '/Output',
        '/Output',
      ),
    [block, scope, lookups, flow],
  );
  const uiSchemaOf = useCallback(
    (value: ExternalValue) => {
      const connector = lookups.connectors.get(value.MethodGuid ?? '');
      const ui = withOptions(form.uiSchema, {
        MethodGuid: {
          choices: (connectors.data ?? []).map((entry) => ({
            value: entry.Guid,
            label: `${entry.Name}${entry.ConnectionName ? ` (${entry.ConnectionName})` : ''}`,
          })),
        },
        Mapping: { inputs: connector?.Input ?? [], fields: scope.fields() },
        Output: { available: connector?.Output ?? [] },
      });
      if (connectors.isPending) ui.MethodGuid = { ...ui.MethodGuid, 'ui:disabled': true };
      if (!connector) {
        ui.Mapping = { ...ui.Mapping, 'ui:widget': 'hidden' };
        ui.Output = { ...ui.Output, 'ui:widget': 'hidden' };
      }
      return ui;
    },
    [connectors.data, connectors.isPending, lookups, scope],
  );
  const notes = useCallback(
    (value: ExternalValue) => <BlockHints errors={externalRules(draft(value), { scope, lookups, flow })} />,
    [draft, scope, lookups, flow],
  );
  const value = useMemo<ExternalValue>(
    () => ({
      MethodGuid: block.Config?.MethodGuid ?? null,
      Mapping: block.Config?.Mapping ?? [],
      Output: block.Output ?? [],
    }),
    [block],
  );
  return (
    <DrawerForm<ExternalValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={!props.editable}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      normalize={normalize}
      notes={notes}
      validateOnOpen
      onSave={async (next) => {
        const { Config, Output } = draft(next);
        return props.save({ Config, Output });
      }}
    />
  );
}

/**
 * The external block, declared in schemas/drawers/flow-external-block: a connector method, its mapping
 * (from flow field to system field, with required and key flags) and output.
 */
export function ExternalBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { flow, block, scope, editable, update } = useBlock(guid);
  if (!flow || !block || !scope) return <MissingBlock />;
  return (
    <ExternalEditor
      flow={flow}
      block={block}
      scope={scope}
      drawerKey={drawerKey}
      editable={editable}
      save={(value) =>
        update((current) => ({
          ...current,
          Config: {
            ...value.Config,
            Mapping: (value.Config?.Mapping ?? []).filter((mapping) => mapping.From),
          },
          Output: value.Output ?? [],
        }))
      }
    />
  );
}
