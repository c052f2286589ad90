import { useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import {
  flowFieldTypes,
  STATIC_VALUE,
  staticAllowed,
  systemValuesFor,
} from '../../../domain/flow/fieldTypes';
import { startRules } from '../../../domain/flow/rules/startRules';
import type { FlowBlock, FlowField } from '../../../domain/flow/types';
import { cleanName } from '../../../domain/rules/names';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import { messagesAt, Problems } from '../fields/problems';
import { StaticValueInput } from '../fields/StaticValueInput';
import { defaultValueTypesQuery, functionListsQuery } from '../flowQueries';
import { FunctionListPickerDrawer } from './FunctionListDrawers';

/** Errors about how many children a parent has appear once the children exist, so they do not block Save here. */
const nestingKeys = new Set(['fb.flowErrors.arrayNeedsOneObjectChild', 'fb.flowErrors.objectNeedsChild']);

/**
 * Start-block field details (spec part 2 §2 drawer 12): name, type, description, required, max length,
 * a default (static or system) and a function list to check the value against (drawer 15).
 */
export function StartFieldDrawer(props: {
  drawerKey: string;
  block: FlowBlock;
  index: number;
  readOnly: boolean;
  onSave(field: FlowField): void;
}) {
  const { block, index } = props;
  const fields = block.Config?.Fields ?? [];
  const initial: FlowField = fields[index] ?? { Name: '', Type: null };
  const defaults = useQuery(defaultValueTypesQuery());
  const lists = useQuery(functionListsQuery());
  const drawers = useDrawers();
  const ids = {
    name: useId(),
    type: useId(),
    description: useId(),
    max: useId(),
    kind: useId(),
    value: useId(),
  };
  const validate = useCallback(
    (field: FlowField) => {
      const others = [...fields];
      others[index] = field;
      const lookups = {
        actions: new Map(),
        connectors: new Map(),
        functions: new Map(),
        functionLists: lists.data ? new Map(lists.data.map((list) => [list.Guid, list])) : undefined,
        defaultValueTypes: defaults.data ?? [],
      };
      const at = `/${block.Guid}/Config/Fields/${index}`;
      return startRules(
        { ...block, Config: { ...block.Config, Fields: others } },
        {
          scope: { get: () => undefined, has: () => false, fields: () => [] },
          lookups,
          flow: { HttpMethod: 'GET' },
        },
      ).filter(
        (error) =>
          (error.path === at || error.path.startsWith(`${at}/`)) && !nestingKeys.has(error.messageKey),
      );
    },
    [block, fields, index, defaults.data, lists.data],
  );
  return (
    <DrawerEditor
      drawerKey={props.drawerKey}
      value={initial}
      validate={validate}
      readOnly={props.readOnly}
      onSave={(field) => {
        props.onSave(field);
        return true;
      }}
    >
      {({ value, onChange, errors, readOnly }) => {
        const at = (path: string) => messagesAt(errors, `/Config/Fields/${index}${path}`, { below: true });
        const systems = systemValuesFor(value.Type, defaults.data ?? []);
        const canStatic = staticAllowed(value.Type, defaults.data ?? []);
        const defaultType = value.Default?.Type ?? '';
        const link = value.Validation?.FunctionList;
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
              <p className="field__help">Dotted for nesting: address.street.</p>
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
                onChange={(event) => onChange({ ...value, Type: event.target.value || null, Default: null })}
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
            <div className="field">
              <label className="field__label" htmlFor={ids.description}>
                Description
              </label>
              <input
                id={ids.description}
                className="field__input"
                value={value.Description ?? ''}
                readOnly={readOnly}
                onChange={(event) => onChange({ ...value, Description: event.target.value || null })}
              />
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={value.Validation?.IsRequired === true}
                disabled={readOnly}
                onChange={(event) =>
                  onChange({
                    ...value,
                    Validation: { ...value.Validation, IsRequired: event.target.checked },
                  })
                }
              />
              <span>Required</span>
            </label>
            {(value.Type === 'String' || value.Type === 'Text') && (
              <div className="field">
                <label className="field__label" htmlFor={ids.max}>
                  Max length
                </label>
                <input
                  id={ids.max}
                  className="field__input"
                  type="number"
                  min={1}
                  step={1}
                  value={value.Validation?.MaxLength ?? ''}
                  readOnly={readOnly}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      Validation: {
                        ...value.Validation,
                        MaxLength: event.target.value === '' ? null : Number(event.target.value),
                      },
                    })
                  }
                />
                <Problems messages={at('/Validation/MaxLength')} />
              </div>
            )}
            <div className="field">
              <label className="field__label" htmlFor={ids.kind}>
                Default
              </label>
              <select
                id={ids.kind}
                className="field__select"
                value={defaultType}
                disabled={readOnly || !value.Type}
                onChange={(event) =>
                  onChange({
                    ...value,
                    Default: event.target.value ? { Type: event.target.value, Value: null } : null,
                  })
                }
              >
                <option value="">No default</option>
                {canStatic && <option value={STATIC_VALUE}>Static value</option>}
                {systems.map((item) => (
                  <option key={item.Key} value={item.Key}>
                    {item.Value ?? item.Key}
                  </option>
                ))}
              </select>
              <Problems messages={at('/Default')} />
            </div>
            {defaultType === STATIC_VALUE && (
              <div className="field">
                <label className="field__label" htmlFor={ids.value}>
                  Default value
                </label>
                <StaticValueInput
                  id={ids.value}
                  label="Default value"
                  type={value.Type}
                  value={value.Default?.Value ?? null}
                  readOnly={readOnly}
                  onChange={(next) => onChange({ ...value, Default: { Type: STATIC_VALUE, Value: next } })}
                />
              </div>
            )}
            <h3 className="form-section__title">Function list</h3>
            {link ? (
              <p className="flow-inline">
                <span>
                  {link.Name ?? link.Guid}:{' '}
                  {(link.Fields ?? []).map((field) => `${field.Name} as ${field.Alias}`).join(', ')}
                </span>
                {!readOnly && (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      onChange({ ...value, Validation: { ...value.Validation, FunctionList: null } })
                    }
                  >
                    Remove
                  </button>
                )}
              </p>
            ) : (
              <p className="field__help">Not checked against a function list.</p>
            )}
            <Problems messages={at('/Validation/FunctionList')} />
            {!readOnly && (
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  drawers.open({
                    key: `${props.drawerKey}:lists`,
                    title: 'Function lists',
                    content: (
                      <FunctionListPickerDrawer
                        drawerKey={`${props.drawerKey}:lists`}
                        current={link}
                        onPick={(picked) =>
                          onChange({ ...value, Validation: { ...value.Validation, FunctionList: picked } })
                        }
                      />
                    ),
                  })
                }
              >
                Choose function list
              </button>
            )}
          </>
        );
      }}
    </DrawerEditor>
  );
}
