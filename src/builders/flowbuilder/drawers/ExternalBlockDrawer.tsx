import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo } from 'react';
import { outputErrors } from '../../../domain/flow/rules/actionRules';
import { externalRules } from '../../../domain/flow/rules/otherRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { BlockConfig, FlowBlock, FlowField, RestMethodFlow } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { t } from '../../../messages/t';
import { useBlock } from '../editor/flowEditorState';
import { MappingTable } from '../fields/MappingTable';
import { OutputTable } from '../fields/OutputTable';
import { BlockHints } from '../fields/problems';
import { connectorsQuery } from '../flowQueries';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

interface ExternalValue {
  Config: BlockConfig;
  Output: FlowField[];
}

function ExternalEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(value: ExternalValue): boolean;
}) {
  const { block, scope, flow } = props;
  const id = useId();
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
  const validate = useCallback(
    (value: ExternalValue) =>
      outputErrors({ ...block, Output: value.Output }, value.Output, { scope, lookups, flow }).filter(
        (error) => error.messageKey !== 'fb.flowErrors.outputFieldMissing',
      ),
    [block, scope, lookups, flow],
  );
  const initial = useMemo<ExternalValue>(
    () => ({ Config: block.Config ?? {}, Output: block.Output ?? [] }),
    [block],
  );
  return (
    <DrawerEditor
      drawerKey={props.drawerKey}
      value={initial}
      validate={validate}
      readOnly={!props.editable}
      onSave={props.save}
    >
      {({ value, onChange, errors, readOnly }) => {
        const connector = connectors.data?.find((entry) => entry.Guid === value.Config.MethodGuid);
        const hints = externalRules(
          { ...block, Config: value.Config, Output: value.Output },
          { scope, lookups, flow },
        );
        return (
          <>
            <div className="field">
              <label className="field__label" htmlFor={id}>
                External connector method
              </label>
              <select
                id={id}
                className="field__select"
                value={value.Config.MethodGuid ?? ''}
                disabled={readOnly || connectors.isPending}
                onChange={(event) => {
                  const picked = connectors.data?.find((entry) => entry.Guid === event.target.value);
                  onChange({
                    Config: {
                      ...value.Config,
                      MethodGuid: picked?.Guid ?? null,
                      MethodName: picked?.Name ?? null,
                      FlowConnectionGuid: picked?.FlowConnectionGuid ?? null,
                      ConnectionName: picked?.ConnectionName ?? null,
                      Mapping: [],
                    },
                    Output: [],
                  });
                }}
              >
                <option value="">{t('chooseValue')}</option>
                {(connectors.data ?? []).map((entry) => (
                  <option key={entry.Guid} value={entry.Guid}>
                    {entry.Name}
                    {entry.ConnectionName ? ` (${entry.ConnectionName})` : ''}
                  </option>
                ))}
              </select>
            </div>
            <BlockHints errors={hints} />
            {connector && (
              <>
                <h3 className="form-section__title">Mapping</h3>
                <MappingTable
                  label="Mapping"
                  inputs={connector.Input ?? []}
                  mappings={value.Config.Mapping ?? []}
                  fields={scope.fields()}
                  readOnly={readOnly}
                  onChange={(Mapping) => onChange({ ...value, Config: { ...value.Config, Mapping } })}
                />
                <h3 className="form-section__title">Output</h3>
                <OutputTable
                  label="Output fields"
                  available={connector.Output ?? []}
                  output={value.Output}
                  errors={errors}
                  readOnly={readOnly}
                  onChange={(Output) => onChange({ ...value, Output })}
                />
              </>
            )}
          </>
        );
      }}
    </DrawerEditor>
  );
}

/** The external block: a connector method, its mapping (from flow field to system field, with required and key flags) and output. */
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
            Mapping: (value.Config.Mapping ?? []).filter((mapping) => mapping.From),
          },
          Output: value.Output,
        }))
      }
    />
  );
}
