import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo } from 'react';
import { blockType } from '../../../domain/flow/blockTypes';
import { outputErrors } from '../../../domain/flow/rules/actionRules';
import { type FieldScope, scopeOf } from '../../../domain/flow/scope';
import type {
  BlockConfig,
  FlowAction,
  FlowBlock,
  FlowField,
  RestMethodFlow,
} from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import type { FieldError } from '../../../validation/fieldErrors';
import { useBlock } from '../editor/flowEditorState';
import { MappingTable, mappingsFor } from '../fields/MappingTable';
import { OutputTable } from '../fields/OutputTable';
import { BlockHints } from '../fields/problems';
import { actionQuery, actionsQuery, connectionsQuery } from '../flowQueries';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';
import { ReadFilterDrawer } from './ReadFilterDrawer';
import { SortFieldsDrawer } from './SortFieldsDrawer';

interface ActionValue {
  Config: BlockConfig;
  Output: FlowField[];
}

const emptyLookups = (action: FlowAction | undefined) => ({
  actions: new Map(action ? [[action.Guid, action]] : []),
  connectors: new Map(),
  functions: new Map(),
  defaultValueTypes: [],
});

function ActionEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(value: ActionValue): boolean;
}) {
  const { block, scope, drawerKey } = props;
  const mode = block.Type === 'write' ? 'write' : 'read';
  const drawers = useDrawers();
  const ids = { connection: useId(), action: useId() };
  const initial = useMemo<ActionValue>(
    () => ({ Config: block.Config ?? {}, Output: block.Output ?? [] }),
    [block],
  );
  const connections = useQuery(connectionsQuery());

  // Aliases block Save; what the flow validation will report is listed as hints (spec part 2 §5 Read).
  const validate = useCallback(
    (value: ActionValue) =>
      outputErrors({ ...block, Output: value.Output }, value.Output, {
        scope,
        lookups: emptyLookups(undefined),
        flow: props.flow,
      }).filter((error) => error.messageKey !== 'fb.flowErrors.outputFieldMissing'),
    [block, scope, props.flow],
  );

  return (
    <DrawerEditor
      drawerKey={drawerKey}
      value={initial}
      validate={validate}
      readOnly={!props.editable}
      onSave={props.save}
    >
      {({ value, onChange, errors, readOnly }) => {
        const config = value.Config;
        const connection =
          config.Action?.FlowConnectionGuid ??
          config.FlowConnectionGuid ??
          connections.data?.[0]?.FlowConnectionGuid ??
          null;
        const set = (patch: Partial<BlockConfig>, output?: FlowField[]) =>
          onChange({ Config: { ...config, ...patch }, Output: output ?? value.Output });
        return (
          <ActionBody
            mode={mode}
            block={block}
            scope={scope}
            value={value}
            flow={props.flow}
            connection={connection}
            connections={connections.data ?? []}
            ids={ids}
            readOnly={readOnly}
            errors={errors}
            set={set}
            onChange={onChange}
            openFilter={(action) =>
              drawers.open({
                key: `${drawerKey}:filter`,
                title: 'Read filter',
                size: 'wide',
                content: (
                  <ReadFilterDrawer
                    drawerKey={`${drawerKey}:filter`}
                    block={block}
                    groups={config.Filters ?? []}
                    fields={scopeOf(action.Output ?? [])}
                    compare={scope}
                    readOnly={readOnly}
                    onSave={(Filters) => set({ Filters })}
                  />
                ),
              })
            }
            openSorting={(action) =>
              drawers.open({
                key: `${drawerKey}:sorting`,
                title: 'Sorting fields',
                content: (
                  <SortFieldsDrawer
                    drawerKey={`${drawerKey}:sorting`}
                    fields={action.Output ?? []}
                    used={new Set((config.Sorting ?? []).map((sort) => sort.Name))}
                    onAdd={(names) =>
                      set({
                        Sorting: [
                          ...(config.Sorting ?? []),
                          ...names.map((Name) => ({ Name, Direction: 'ASC' })),
                        ],
                      })
                    }
                  />
                ),
              })
            }
          />
        );
      }}
    </DrawerEditor>
  );
}

function ActionBody(props: {
  mode: 'read' | 'write';
  block: FlowBlock;
  scope: FieldScope;
  value: ActionValue;
  flow: RestMethodFlow;
  connection: string | null;
  connections: ReadonlyArray<{ FlowConnectionGuid: string; Name: string }>;
  ids: { connection: string; action: string };
  readOnly: boolean;
  errors: readonly FieldError[];
  set(patch: Partial<BlockConfig>, output?: FlowField[]): void;
  onChange(value: ActionValue): void;
  openFilter(action: FlowAction): void;
  openSorting(action: FlowAction): void;
}) {
  const { mode, value, readOnly, set, connection } = props;
  const config = value.Config;
  const actions = useQuery(actionsQuery(connection, mode === 'read'));
  const chosen = config.Action?.Guid;
  const action = useQuery({ ...actionQuery(chosen ?? ''), enabled: Boolean(chosen) });
  const hints = useMemo(() => {
    const draft = { ...props.block, Config: config, Output: value.Output };
    return blockType(draft.Type).rules(draft, {
      scope: props.scope,
      lookups: emptyLookups(action.data),
      flow: props.flow,
    });
  }, [props.block, props.scope, props.flow, config, value.Output, action.data]);
  const scopeFields = props.scope.fields();
  return (
    <>
      <div className="flow-form-row">
        <div className="field">
          <label className="field__label" htmlFor={props.ids.connection}>
            Connection
          </label>
          <select
            id={props.ids.connection}
            className="field__select"
            value={connection ?? ''}
            disabled={readOnly}
            onChange={(event) =>
              props.onChange({
                Config: {
                  ...config,
                  Action: null,
                  FlowConnectionGuid: event.target.value,
                  Mapping: [],
                  Filters: [],
                  Sorting: [],
                },
                Output: [],
              })
            }
          >
            {props.connections.map((entry) => (
              <option key={entry.FlowConnectionGuid} value={entry.FlowConnectionGuid}>
                {entry.Name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={props.ids.action}>
            Action
          </label>
          <select
            id={props.ids.action}
            className="field__select"
            value={chosen ?? ''}
            disabled={readOnly || actions.isPending}
            onChange={(event) => {
              const picked = actions.data?.find((entry) => entry.Guid === event.target.value);
              props.onChange({
                Config: {
                  ...config,
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
                },
                Output: [],
              });
            }}
          >
            <option value="">{actions.isPending && connection ? 'Loading…' : t('chooseValue')}</option>
            {chosen && !actions.data?.some((entry) => entry.Guid === chosen) && (
              <option value={chosen}>{config.Action?.Name ?? chosen}</option>
            )}
            {(actions.data ?? []).map((entry) => (
              <option key={entry.Guid} value={entry.Guid}>
                {entry.Name} ({entry.Type})
              </option>
            ))}
          </select>
          {actions.data?.length === 0 && (
            <p className="field__help">
              This connection has no published {mode === 'read' ? 'read' : 'write'} actions.
            </p>
          )}
        </div>
      </div>
      <BlockHints errors={hints} />
      {action.error && <p className="field__error">{t('fb.error.loadAction')}</p>}
      {action.data && (
        <>
          <h3 className="form-section__title">Mapping</h3>
          <MappingTable
            label="Mapping"
            inputs={action.data.Input ?? []}
            mappings={config.Mapping ?? []}
            fields={scopeFields}
            readOnly={readOnly}
            onChange={(Mapping) => set({ Mapping })}
          />
          {mode === 'read' && (
            <>
              <label className="checkbox flow-option">
                <input
                  type="checkbox"
                  checked={config.FirstMatch === true}
                  disabled={readOnly}
                  onChange={(event) => set({ FirstMatch: event.target.checked })}
                />
                <span>First match only</span>
              </label>
              <h3 className="form-section__title">Filter</h3>
              <p className="flow-inline">
                <span>
                  {(config.Filters ?? []).length === 0
                    ? 'No filter'
                    : `${(config.Filters ?? []).length} condition group(s)`}
                </span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => props.openFilter(action.data!)}
                >
                  {readOnly ? 'View filter' : 'Edit filter'}
                </button>
              </p>
              <h3 className="form-section__title">Sort order</h3>
              {(config.Sorting ?? []).map((sort, index) => (
                <p className="flow-inline" key={sort.Name}>
                  <span className="flow-inline__name">{sort.Name}</span>
                  <select
                    className="field__select"
                    aria-label={`Direction of ${sort.Name}`}
                    value={sort.Direction ?? 'ASC'}
                    disabled={readOnly}
                    onChange={(event) =>
                      set({
                        Sorting: (config.Sorting ?? []).map((entry, at) =>
                          at === index ? { ...entry, Direction: event.target.value } : entry,
                        ),
                      })
                    }
                  >
                    <option value="ASC">ASC</option>
                    <option value="DESC">DESC</option>
                  </select>
                  {!readOnly && (
                    <button
                      type="button"
                      className="button button--small button--danger-outline"
                      aria-label={`Remove sorting on ${sort.Name}`}
                      onClick={() => set({ Sorting: (config.Sorting ?? []).filter((_, at) => at !== index) })}
                    >
                      ×
                    </button>
                  )}
                </p>
              ))}
              {!readOnly && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => props.openSorting(action.data!)}
                >
                  Add sort fields
                </button>
              )}
            </>
          )}
          <h3 className="form-section__title">Output</h3>
          <OutputTable
            label="Output fields"
            available={action.data.Output ?? []}
            output={value.Output}
            errors={props.errors}
            readOnly={readOnly}
            onChange={(Output) => set({}, Output)}
          />
        </>
      )}
    </>
  );
}

/** Read and write blocks: action, mapping, filter, first match, sort order and output aliases (spec part 2 §3 'Read block extras'). */
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
      save={(value) =>
        update((current) => ({
          ...current,
          Config: {
            ...value.Config,
            Mapping: (value.Config.Mapping ?? []).filter((mapping) => mapping.From),
          },
          Output: value.Output,
        }))
      }
    />
  );
}
