import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { methodsFor } from '../../../domain/documents/actionMethods';
import { blockType } from '../../../domain/flow/blockTypes';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowAction, FlowBlock, RestMethodFlow } from '../../../domain/flow/types';
import { withOptions } from '../../../engine/form/withOptions';
import { t } from '../../../messages/t';
import type { ActionValue } from '../drawers/actionBlockValue';
import { mappingsFor } from '../fields/MappingTable';
import { BlockHints } from '../fields/problems';
import { actionQuery, actionsQuery, connectionsQuery } from '../flowQueries';

/** What the read/write drawer gives its form: the block, the flow fields in scope, the flow. */
export interface ActionBlockContext {
  block: FlowBlock;
  scope: FieldScope;
  flow: RestMethodFlow;
}

const hidden = { 'ui:widget': 'hidden' } as const;

/** The writing action methods a write block offers (spec part 2 §3 'Action document'). */
const writeMethodChoices = methodsFor(false).map((method) => ({ value: method.key, label: method.label }));

export const emptyLookups = (action: FlowAction | undefined) => ({
  actions: new Map(action ? [[action.Guid, action]] : []),
  connectors: new Map(),
  functions: new Map(),
  defaultValueTypes: [],
});

/**
 * The read and write blocks' form (`"ui:field": "actionBlockEditor"` on its root, spec part 2 §3 'Read
 * block extras'): the declared fields with what the chosen connection and action offer — the
 * connections, that connection's published read or write actions, the action's inputs to map and its
 * output fields — and what the flow validation will report. Another connection clears the action; another
 * action starts with its inputs unmapped and no filter, sort order or output.
 */
export function ActionBlockEditor(props: FieldProps<ActionValue>) {
  const { formData, uiSchema, registry, onChange, fieldPathId } = props;
  const context = registry.formContext as Partial<ActionBlockContext>;
  const value = (formData ?? {}) as Partial<ActionValue>;
  const mode = context.block?.Type === 'write' ? 'write' : 'read';
  const connections = useQuery(connectionsQuery());
  const connection = value.Connection ?? connections.data?.[0]?.FlowConnectionGuid ?? null;
  const actions = useQuery(actionsQuery(connection, mode === 'read'));
  const chosen = value.ActionGuid ?? null;
  const action = useQuery({ ...actionQuery(chosen ?? ''), enabled: Boolean(chosen) });

  const derived = useMemo(() => {
    const { 'ui:field': _root, ...base } = uiSchema ?? {};
    const listed = (actions.data ?? []).map((entry) => ({
      value: entry.Guid,
      label: `${entry.Name} (${entry.Type})`,
    }));
    const ui = withOptions(base, {
      Connection: {
        choices: (connections.data ?? []).map((entry) => ({
          value: entry.FlowConnectionGuid,
          label: entry.Name,
        })),
      },
      ActionGuid: {
        placeholder: actions.isPending && connection ? 'Loading…' : t('chooseValue'),
        choices:
          chosen && !listed.some((entry) => entry.value === chosen)
            ? [{ value: chosen, label: value.Action?.Name ?? chosen }, ...listed]
            : listed,
      },
      Method: { choices: writeMethodChoices, placeholder: t('fb.writeMethod.upsert') },
      Mapping: { inputs: action.data?.Input ?? [], fields: context.scope?.fields() ?? [] },
      Filters: { fields: action.data?.Output ?? [] },
      Sorting: { fields: action.data?.Output ?? [] },
      Output: { available: action.data?.Output ?? [] },
    });
    if (actions.isPending && connection) ui.ActionGuid = { ...ui.ActionGuid, 'ui:disabled': true };
    if (actions.data?.length === 0)
      ui.ActionGuid = {
        ...ui.ActionGuid,
        'ui:help': `This connection has no published ${mode} actions.`,
      };
    const shown = action.data ? [] : ['Mapping', 'FirstMatch', 'Filters', 'Sorting', 'Output'];
    if (mode === 'write') shown.push('FirstMatch', 'Filters', 'Sorting');
    // A method says how a document record is written; a connection method writes as its routine does.
    if (mode === 'read' || !action.data || action.data.Type === 'Method') shown.push('Method');
    for (const name of shown) ui[name] = { ...ui[name], ...hidden };
    return ui;
  }, [
    uiSchema,
    connections.data,
    actions.data,
    actions.isPending,
    connection,
    chosen,
    value.Action,
    action.data,
    context.scope,
    mode,
  ]);

  const hints = useMemo(() => {
    if (!context.block || !context.scope || !context.flow) return [];
    const draft: FlowBlock = {
      ...context.block,
      Config: {
        ...context.block.Config,
        Action: value.Action ?? null,
        ...(value.Method ? { Method: value.Method } : {}),
        FlowConnectionGuid: connection,
        Mapping: value.Mapping ?? [],
        FirstMatch: value.FirstMatch ?? false,
        Filters: value.Filters ?? [],
        Sorting: value.Sorting ?? [],
      },
      Output: value.Output ?? [],
    };
    return blockType(draft.Type).rules(draft, {
      scope: context.scope,
      lookups: emptyLookups(action.data),
      flow: context.flow,
    });
  }, [context.block, context.scope, context.flow, value, connection, action.data]);

  // Choosing another connection or action changes more than the select: it is applied to the whole value.
  const change: FieldProps<ActionValue>['onChange'] = (next, path, ...rest) => {
    const name = path?.[path.length - 1];
    if (path?.length !== fieldPathId.path.length + 1 || (name !== 'Connection' && name !== 'ActionGuid'))
      return onChange(next, path, ...rest);
    if (name === 'Connection')
      return onChange(
        {
          ...(value as ActionValue),
          Connection: next as unknown as string | null,
          ActionGuid: null,
          Action: null,
          Mapping: [],
          Filters: [],
          Sorting: [],
          Output: [],
        },
        fieldPathId.path,
      );
    const picked = actions.data?.find((entry) => entry.Guid === (next as unknown as string));
    onChange(
      {
        ...(value as ActionValue),
        Connection: connection,
        ActionGuid: picked?.Guid ?? null,
        Action: picked
          ? {
              Guid: picked.Guid,
              Name: picked.Name,
              Type: picked.Type ?? null,
              FlowConnectionGuid: picked.FlowConnectionGuid ?? connection,
              IsRead: picked.IsRead ?? mode === 'read',
            }
          : null,
        Mapping: picked ? mappingsFor(picked.Input ?? [], []) : [],
        Filters: [],
        Sorting: [],
        Output: [],
      },
      fieldPathId.path,
    );
  };

  const ObjectField = registry.fields.ObjectField!;
  return (
    <>
      <ObjectField
        {...props}
        formData={{ ...value, Connection: connection } as ActionValue}
        uiSchema={derived}
        onChange={change}
      />
      {action.error && <p className="field__error">{t('fb.error.loadAction')}</p>}
      <BlockHints errors={hints} />
    </>
  );
}
