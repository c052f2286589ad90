import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowStartField';
import {
  flowFieldTypes,
  STATIC_VALUE,
  staticAllowed,
  systemValuesFor,
} from '../../../domain/flow/fieldTypes';
import { startRules } from '../../../domain/flow/rules/startRules';
import type { FlowBlock, FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { hideDisallowed } from '../../../engine/form/allowedOptions';
import { withOptions } from '../../../engine/form/withOptions';
import { t } from '../../../messages/t';
import { defaultValueTypesQuery, functionListsQuery } from '../flowQueries';
import { formFields } from '../formFields';
import { atDrawer } from './drawerErrors';
import {
  fromStartFieldValue,
  normalizeStartField,
  type StartFieldValue,
  toStartFieldValue,
} from './startFieldValue';

/** Errors about how many children a parent has appear once the children exist, so they do not block Save here. */
const nestingKeys = new Set(['fb.flowErrors.arrayNeedsOneObjectChild', 'fb.flowErrors.objectNeedsChild']);

/** Where the start rules' errors about one field show in the drawer. */
const places = [
  ['/Name', '/Name'],
  ['/Type', '/Type'],
  ['/Validation/MaxLength', '/MaxLength'],
  ['/Default/Value', '/DefaultValue'],
  ['/Default', '/DefaultType'],
  ['/Validation/FunctionList', '/FunctionList'],
] as const;

/**
 * Start-block field details (spec part 2 §2 drawer 12), declared in schemas/drawers/flow-start-field:
 * name, type, description, required, max length, a default (static or system) and a function list to
 * check the value against (drawer 15). The start block rules check the field among its siblings.
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
  const original: FlowField = fields[index] ?? { Name: '', Type: null };
  const value = useMemo(() => toStartFieldValue(original), [original]);
  const defaults = useQuery(defaultValueTypesQuery());
  const lists = useQuery(functionListsQuery());
  const rules = useCallback(
    (next: StartFieldValue) => {
      const others = [...fields];
      others[index] = fromStartFieldValue(next, original);
      const lookups = {
        actions: new Map(),
        connectors: new Map(),
        functions: new Map(),
        functionLists: lists.data ? new Map(lists.data.map((list) => [list.Guid, list])) : undefined,
        defaultValueTypes: defaults.data ?? [],
      };
      const errors = startRules(
        { ...block, Config: { ...block.Config, Fields: others } },
        {
          scope: { get: () => undefined, has: () => false, fields: () => [] },
          lookups,
          flow: { HttpMethod: 'GET' },
        },
      ).filter((error) => !nestingKeys.has(error.messageKey));
      return atDrawer(errors, `/Config/Fields/${index}`, places);
    },
    [block, fields, index, original, defaults.data, lists.data],
  );
  const uiSchemaOf = useCallback(
    (current: StartFieldValue) => {
      const types = defaults.data ?? [];
      const ui = withOptions(hideDisallowed(form.schema, form.uiSchema, current as never), {
        Type: {
          placeholder: t('fieldTypeError'),
          choices: flowFieldTypes.map((type) => ({ value: type, label: type })),
        },
        DefaultType: {
          choices: [
            ...(staticAllowed(current.Type, types) ? [{ value: STATIC_VALUE, label: 'Static value' }] : []),
            ...systemValuesFor(current.Type, types).map((item) => ({
              value: item.Key,
              label: item.Value ?? item.Key,
            })),
          ],
        },
        DefaultValue: { type: current.Type },
      });
      if (!current.Type) ui.DefaultType = { ...ui.DefaultType, 'ui:disabled': true };
      if (current.DefaultType !== STATIC_VALUE)
        ui.DefaultValue = { ...ui.DefaultValue, 'ui:widget': 'hidden' };
      return ui;
    },
    [defaults.data],
  );
  return (
    <DrawerForm<StartFieldValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={props.readOnly}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      normalize={normalizeStartField}
      validateOnOpen={index < fields.length}
      onSave={async (next) => {
        props.onSave(fromStartFieldValue(next, original));
        return true;
      }}
    />
  );
}
