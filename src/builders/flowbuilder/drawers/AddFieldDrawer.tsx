import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowAddField';
import { normalizeAddField as onSaveNormalized } from '../../../domain/flow/addField';
import { flowFieldTypes, staticAllowed, systemValuesFor } from '../../../domain/flow/fieldTypes';
import { addRules } from '../../../domain/flow/rules/addRules';
import type { FieldScope } from '../../../domain/flow/scope';
import type { FlowBlock, FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { withOptions } from '../../../engine/form/withOptions';
import { t } from '../../../messages/t';
import { BlockHints } from '../fields/problems';
import { defaultValueTypesQuery, functionsQuery } from '../flowQueries';
import { formFields } from '../formFields';
import { type AddFieldValue, fromAddFieldValue, normalizeAddField, toAddFieldValue } from './addFieldValue';
import { atDrawer } from './drawerErrors';

/** Name and type problems block Save; the value kind may still be incomplete, which validation reports. */
const blocking = (key: string) =>
  key.startsWith('fb.flowErrors.fieldName') || key.startsWith('fb.flowErrors.fieldType');

const places = [
  ['/Name', '/Name'],
  ['/Type', '/Type'],
] as const;

/**
 * Add field details (spec part 2 §2 drawer 4), declared in schemas/drawers/flow-add-field: name, type,
 * then the value kind — Static (only for types that allow it), System (a select of the system default
 * value types) or Function (with its mapping: system field, flow field, required, type). Name and type
 * problems block Save; what the flow validation will report about the rest is listed under the form. On
 * save, choices not available for the type are cleared and a function with another output type is
 * unlinked (§4).
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
  const original: FlowField = fields[index] ?? { Name: '', Type: null, AddType: null, Value: null };
  const value = useMemo(() => toAddFieldValue(original), [original]);
  const defaults = useQuery(defaultValueTypesQuery());
  const functions = useQuery(functionsQuery());
  const functionMap = useMemo(
    () => new Map((functions.data ?? []).map((fn) => [fn.Guid, fn])),
    [functions.data],
  );
  const check = useCallback(
    (next: AddFieldValue) => {
      const all = [...fields];
      all[index] = fromAddFieldValue(next, original);
      const at = `/${block.Guid}/Config/Fields/${index}`;
      return addRules(
        { ...block, Config: { ...block.Config, Fields: all } },
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
    [block, fields, index, original, scope, functionMap, defaults.data],
  );
  const rules = useCallback(
    (next: AddFieldValue) =>
      atDrawer(
        check(next).filter((error) => blocking(error.messageKey)),
        `/Config/Fields/${index}`,
        places,
      ),
    [check, index],
  );
  const uiSchemaOf = useCallback(
    (current: AddFieldValue) => {
      const types = defaults.data ?? [];
      const systems = systemValuesFor(current.Type, types);
      const fn = current.Function ? functionMap.get(current.Function.Guid) : undefined;
      const ui = withOptions(form.uiSchema, {
        Type: {
          placeholder: t('fieldTypeError'),
          choices: flowFieldTypes.map((type) => ({ value: type, label: type })),
        },
        Value: { type: current.Type },
        Function: { type: current.Type },
        Mapping: {
          inputs: (fn?.Input ?? []).map((input) => ({
            Name: input.Name ?? '',
            Type: input.Type ?? null,
            Validation: { IsRequired: input.Validation?.Required === true },
          })),
          fields: scope.fields(),
        },
      });
      ui.AddType = {
        ...ui.AddType,
        'ui:disabled': !current.Type,
        'ui:enumDisabled': [
          ...(staticAllowed(current.Type, types) ? [] : ['Static']),
          ...(systems.length > 0 ? [] : ['System']),
        ],
      };
      if (current.AddType === 'System')
        ui.Value = {
          'ui:title': 'System value',
          'ui:field': 'choice',
          'ui:options': {
            choices: systems.map((item) => ({ value: item.Key, label: item.Value ?? item.Key })),
          },
        };
      else if (current.AddType !== 'Static') ui.Value = { ...ui.Value, 'ui:widget': 'hidden' };
      if (current.AddType !== 'Function') {
        ui.Function = { ...ui.Function, 'ui:widget': 'hidden' };
        ui.Mapping = { ...ui.Mapping, 'ui:widget': 'hidden' };
      } else if (!fn) ui.Mapping = { ...ui.Mapping, 'ui:widget': 'hidden' };
      return ui;
    },
    [defaults.data, functionMap, scope],
  );
  const notes = useCallback(
    (current: AddFieldValue) => (
      <BlockHints errors={check(current).filter((error) => !blocking(error.messageKey))} />
    ),
    [check],
  );
  return (
    <DrawerForm<AddFieldValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={props.readOnly}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      normalize={normalizeAddField}
      notes={notes}
      validateOnOpen={index < fields.length}
      onSave={async (next) => {
        props.onSave(onSaveNormalized(fromAddFieldValue(next, original), defaults.data ?? [], functionMap));
        return true;
      }}
    />
  );
}
