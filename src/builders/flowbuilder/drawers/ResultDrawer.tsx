import { useCallback, useMemo } from 'react';
import { leafOf } from '../../../domain/flow/fieldTypes';
import { resultRules } from '../../../domain/flow/rules/otherRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { BlockConfig, FlowBlock, FlowField, RestMethodFlow } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { useBlock } from '../editor/flowEditorState';
import { messagesAt, Problems } from '../fields/problems';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';
import { ResultFieldsDrawer } from './ResultFieldsDrawer';

interface ResultValue {
  Config: BlockConfig;
  Output: FlowField[];
}

const noLookups = { actions: new Map(), connectors: new Map(), functions: new Map(), defaultValueTypes: [] };

function ResultEditor(props: {
  flow: RestMethodFlow;
  block: FlowBlock;
  scope: FieldScope;
  drawerKey: string;
  editable: boolean;
  save(value: ResultValue): boolean;
}) {
  const { block, scope, drawerKey, flow } = props;
  const drawers = useDrawers();
  const initial = useMemo<ResultValue>(
    () => ({ Config: block.Config ?? {}, Output: block.Output ?? [] }),
    [block],
  );
  const validate = useCallback(
    (value: ResultValue) =>
      resultRules(
        { ...block, Config: value.Config, Output: value.Output },
        { scope, lookups: noLookups, flow },
      ),
    [block, scope, flow],
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
        const setConfig = (patch: Partial<BlockConfig>) =>
          onChange({ ...value, Config: { ...config, ...patch } });
        const full = config.FullOutput === true;
        return (
          <>
            <div className="flow-options">
              {(
                [
                  ['IsArray', 'Answer an array'],
                  ['IgnoreNulls', 'Leave out empty (null) values'],
                  ['FullOutput', 'Full output: every flow field'],
                ] as const
              ).map(([key, label]) => (
                <label key={key} className="checkbox">
                  <input
                    type="checkbox"
                    checked={config[key] === true}
                    disabled={readOnly}
                    onChange={(event) => setConfig({ [key]: event.target.checked })}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </div>
            <Problems messages={messagesAt(errors, '/Output')} />
            {!full && (
              <>
                <h3 className="form-section__title">Result fields</h3>
                {value.Output.length === 0 ? (
                  <p className="empty-state">No result fields yet.</p>
                ) : (
                  <table className="list__table flow-table" aria-label="Result fields">
                    <thead>
                      <tr>
                        <th scope="col">Flow field</th>
                        <th scope="col">Type</th>
                        <th scope="col">Alias in the answer</th>
                        <th scope="col">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {value.Output.map((field, index) => {
                        const messages = messagesAt(errors, `/Output/${index}`, { below: true });
                        return (
                          <tr key={field.Name}>
                            <td>{field.Name}</td>
                            <td>{field.Type ?? '—'}</td>
                            <td>
                              <input
                                className="field__input"
                                aria-label={`Alias of ${field.Name}`}
                                value={field.Alias ?? ''}
                                readOnly={readOnly}
                                aria-invalid={messages.length > 0 || undefined}
                                onChange={(event) =>
                                  onChange({
                                    ...value,
                                    Output: value.Output.map((entry, at) =>
                                      at === index ? { ...entry, Alias: event.target.value } : entry,
                                    ),
                                  })
                                }
                              />
                              <Problems messages={messages} />
                            </td>
                            <td>
                              {!readOnly && (
                                <button
                                  type="button"
                                  className="button button--small button--danger-outline"
                                  aria-label={`Remove ${field.Name}`}
                                  onClick={() =>
                                    onChange({
                                      ...value,
                                      Output: value.Output.filter((_, at) => at !== index),
                                    })
                                  }
                                >
                                  ×
                                </button>
                              )}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                )}
                {!readOnly && (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      drawers.open({
                        key: `${drawerKey}:fields`,
                        title: 'Result fields',
                        content: (
                          <ResultFieldsDrawer
                            drawerKey={`${drawerKey}:fields`}
                            fields={scope.fields()}
                            selected={value.Output.map((field) => field.Name)}
                            readOnly={readOnly}
                            onSave={(names) =>
                              onChange({
                                ...value,
                                Output: names.map((name) => {
                                  const kept = value.Output.find((field) => field.Name === name);
                                  return (
                                    kept ?? {
                                      Name: name,
                                      Alias: leafOf(name),
                                      Type: scope.get(name)?.Type ?? null,
                                    }
                                  );
                                }),
                              })
                            }
                          />
                        ),
                      })
                    }
                  >
                    Choose result fields
                  </button>
                )}
              </>
            )}
          </>
        );
      }}
    </DrawerEditor>
  );
}

/** The result block: array, ignore nulls, full output, and result fields with aliases (spec part 2 §3 'Block' result, §5 Result). */
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
      save={(value) => update((current) => ({ ...current, Config: value.Config, Output: value.Output }))}
    />
  );
}
