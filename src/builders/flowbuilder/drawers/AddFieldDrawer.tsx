import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo } from 'react';
import { normalizeAddField } from '../../../domain/flow/addField';
import { flowFieldTypes, staticAllowed, systemValuesFor } from '../../../domain/flow/fieldTypes';
import { addRules } from '../../../domain/flow/rules/addRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowBlock, FlowField } from '../../../domain/flow/types';
import { cleanName } from '../../../domain/rules/names';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import { MappingTable } from '../fields/MappingTable';
import { BlockHints, messagesAt, Problems } from '../fields/problems';
import { StaticValueInput } from '../fields/StaticValueInput';
import { defaultValueTypesQuery, functionsQuery } from '../flowQueries';
import { FunctionPickerDrawer } from './FunctionPickerDrawer';

/** Name and type problems block Save; the value kind may still be incomplete, which validation reports. */
const blocking = (key: string) =>
  key.startsWith('fb.flowErrors.fieldName') || key.startsWith('fb.flowErrors.fieldType');

/**
 * Add field details (spec part 2 §2 drawer 4): name, type, then the value kind — Static (only for types
 * that allow it), System (a select of the system default value types) or Function (with its mapping:
 * system field, flow field, required, type). On save, choices not available for the type are cleared and
 * a function with another output type is unlinked (§4).
 */
export function AddFieldDrawer(props: {
  drawerKey: string;
  block: FlowBlock;
  index: number;
  scope: FieldScope;
  readOnly: boolean;
  onSave(field: FlowField): void;
}) {
  const { block, index, scope } = props;
  const fields = block.Config?.Fields ?? [];
  const initial: FlowField = fields[index] ?? { Name: '', Type: null, AddType: null, Value: null };
  const defaults = useQuery(defaultValueTypesQuery());
  const functions = useQuery(functionsQuery());
  const drawers = useDrawers();
  const ids = { name: useId(), type: useId(), value: useId(), system: useId() };
  const functionMap = useMemo(
    () => new Map((functions.data ?? []).map((fn) => [fn.Guid, fn])),
    [functions.data],
  );
  const check = useCallback(
    (field: FlowField) => {
      const next = [...fields];
      next[index] = field;
      const at = `/${block.Guid}/Config/Fields/${index}`;
      return addRules(
        { ...block, Config: { ...block.Config, Fields: next } },
        {
          scope,
          lookups: {
            actions: new Map(),
            connectors: new Map(),
            functions: functionMap,
            defaultValueTypes: defaults.data ?? [],
          },
          flow: { HttpMethod: 'GET' },
        },
      ).filter((error) => error.path === at || error.path.startsWith(`${at}/`));
    },
    [block, fields, index, scope, functionMap, defaults.data],
  );
  const validate = useCallback(
    (field: FlowField) => check(field).filter((error) => blocking(error.messageKey)),
    [check],
  );
  return (
    <DrawerEditor
      drawerKey={props.drawerKey}
      value={initial}
      validate={validate}
      readOnly={props.readOnly}
      onSave={(field) => {
        props.onSave(normalizeAddField(field, defaults.data ?? [], functionMap));
        return true;
      }}
    >
      {({ value, onChange, errors, readOnly }) => (
        <AddFieldBody
          value={value}
          onChange={onChange}
          errors={errors}
          hints={check(value).filter((error) => !blocking(error.messageKey))}
          readOnly={readOnly}
          index={index}
          ids={ids}
          scope={scope}
          defaults={defaults.data ?? []}
          functionsLoaded={functions.isSuccess}
          functionMap={functionMap}
          openPicker={() =>
            drawers.open({
              key: `${props.drawerKey}:functions`,
              title: 'Functions',
              size: 'wide',
              content: (
                <FunctionPickerDrawer
                  drawerKey={`${props.drawerKey}:functions`}
                  type={value.Type}
                  onPick={(fn) =>
                    onChange({
                      ...value,
                      AddType: 'Function',
                      FunctionGuid: fn.Guid,
                      FunctionName: fn.Name,
                      Mapping: [],
                    })
                  }
                />
              ),
            })
          }
        />
      )}
    </DrawerEditor>
  );
}

function AddFieldBody(props: {
  value: FlowField;
  onChange(field: FlowField): void;
  errors: Parameters<typeof BlockHints>[0]['errors'];
  hints: Parameters<typeof BlockHints>[0]['errors'];
  readOnly: boolean;
  index: number;
  ids: { name: string; type: string; value: string; system: string };
  scope: FieldScope;
  defaults: Parameters<typeof staticAllowed>[1];
  functionsLoaded: boolean;
  functionMap: ReadonlyMap<string, import('../../../domain/flow/types').FlowFunction>;
  openPicker(): void;
}) {
  const { value, onChange, readOnly, ids, errors } = props;
  const at = (path: string) => messagesAt(errors, `/Config/Fields/${props.index}${path}`, { below: true });
  const canStatic = staticAllowed(value.Type, props.defaults);
  const systems = systemValuesFor(value.Type, props.defaults);
  const fn = value.FunctionGuid ? props.functionMap.get(value.FunctionGuid) : undefined;
  // A linked function the lookup does not find: the field's function is marked as errored and the link cleared (spec part 2 §4).
  const lost = props.functionsLoaded && Boolean(value.FunctionGuid) && !fn;
  useEffect(() => {
    if (lost && !readOnly) onChange({ ...value, FunctionGuid: null, FunctionName: null, Mapping: [] });
  }, [lost, readOnly, onChange, value]);
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.name}>
          Name
        </label>
        <input
          id={ids.name}
          className="field__input"
          value={value.Name}
          readOnly={readOnly}
          onChange={(event) => onChange({ ...value, Name: cleanName('nested', event.target.value) })}
        />
        <Problems messages={at('/Name')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.type}>
          Type
        </label>
        <select
          id={ids.type}
          className="field__select"
          value={value.Type ?? ''}
          disabled={readOnly}
          onChange={(event) => onChange({ ...value, Type: event.target.value || null })}
        >
          <option value="">{t('fieldTypeError')}</option>
          {flowFieldTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <Problems messages={at('/Type')} />
      </div>
      <fieldset className="flow-kind" disabled={readOnly || !value.Type}>
        <legend className="field__label">Value</legend>
        {(
          [
            ['Static', 'Static', canStatic],
            ['System', 'System', systems.length > 0],
            ['Function', 'Function', true],
          ] as const
        ).map(([kind, label, offered]) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name={`${ids.value}-kind`}
              checked={value.AddType === kind}
              disabled={!offered}
              onChange={() => onChange({ ...value, AddType: kind, Value: null })}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {value.AddType === 'Static' && (
        <div className="field">
          <label className="field__label" htmlFor={ids.value}>
            Static value
          </label>
          <StaticValueInput
            id={ids.value}
            label="Static value"
            type={value.Type}
            value={value.Value ?? null}
            readOnly={readOnly}
            onChange={(Value) => onChange({ ...value, Value })}
          />
        </div>
      )}
      {value.AddType === 'System' && (
        <div className="field">
          <label className="field__label" htmlFor={ids.system}>
            System value
          </label>
          <select
            id={ids.system}
            className="field__select"
            value={String(value.Value ?? '')}
            disabled={readOnly}
            onChange={(event) => onChange({ ...value, Value: event.target.value || null })}
          >
            <option value="">{t('chooseValue')}</option>
            {systems.map((item) => (
              <option key={item.Key} value={item.Key}>
                {item.Value ?? item.Key}
              </option>
            ))}
          </select>
        </div>
      )}
      {value.AddType === 'Function' && (
        <>
          {lost && (
            <p className="field__error" role="alert">
              {t('fb.functionLoad.error')}
            </p>
          )}
          <p className="flow-inline">
            <span>{fn ? `${fn.Name} → ${fn.Output?.Type ?? '?'}` : 'No function linked'}</span>
            {!readOnly && (
              <button type="button" className="button button--small" onClick={props.openPicker}>
                {fn ? 'Change function' : 'Choose function'}
              </button>
            )}
          </p>
          {fn && (
            <MappingTable
              label="Function mapping"
              inputs={(fn.Input ?? []).map((input) => ({
                Name: input.Name ?? '',
                Type: input.Type ?? null,
                Validation: { IsRequired: input.Validation?.Required === true },
              }))}
              mappings={value.Mapping ?? []}
              fields={props.scope.fields()}
              readOnly={readOnly}
              onChange={(Mapping) =>
                onChange({ ...value, Mapping: Mapping.filter((mapping) => mapping.From) })
              }
            />
          )}
        </>
      )}
      <BlockHints errors={props.hints} />
    </>
  );
}
