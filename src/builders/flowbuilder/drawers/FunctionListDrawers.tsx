import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowFunctionListFields';
import { form as pickerForm } from '../../../../generated/forms/FlowFunctionListPicker';
import type { FlowField, FunctionList } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { withOptions } from '../../../engine/form/withOptions';
import { t } from '../../../messages/t';
import type { FieldError } from '../../../validation/fieldErrors';
import { functionListQuery, functionListsQuery } from '../flowQueries';
import { formFields } from '../formFields';

export type FunctionListLink = NonNullable<NonNullable<FlowField['Validation']>['FunctionList']>;
export type PickedField = NonNullable<FunctionListLink['Fields']>[number];

interface PickedFields {
  Fields: PickedField[];
}

/**
 * Function list field picker (spec part 2 §2 drawer 15), declared in
 * schemas/drawers/flow-function-list-fields: tick fields of the list and give each an alias without
 * spaces; Save needs at least one field and no alias errors; closing with changes asks first.
 */
export function FunctionListFieldsDrawer(props: {
  drawerKey: string;
  guid: string;
  current?: FunctionListLink | null | undefined;
  onPick(link: FunctionListLink): void;
}) {
  const list = useQuery(functionListQuery(props.guid));
  const data = list.data;
  const rules = useCallback(
    (value: PickedFields): FieldError[] =>
      value.Fields.length === 0 && data
        ? [
            {
              path: '/Fields',
              messageKey: 'fb.flowErrors.functionListFieldsNotChosen',
              message: t('fb.flowErrors.functionListFieldsNotChosen', { name: data.Name }),
            },
          ]
        : [],
    [data],
  );
  const uiSchemaOf = useCallback(
    () =>
      withOptions(form.uiSchema, {
        Fields: { fields: data?.Fields ?? [], label: `Fields of ${data?.Name ?? ''}` },
      }),
    [data],
  );
  if (list.isPending) return <span className="spinner" role="status" aria-label="Loading" />;
  if (list.error || !data)
    return (
      <p className="empty-state" role="alert">
        {t('fb.functionList.notFound')}
      </p>
    );
  const initial = props.current?.Guid === data.Guid ? (props.current.Fields ?? []) : [];
  return (
    <DrawerForm<PickedFields>
      drawerKey={props.drawerKey}
      form={form}
      value={{ Fields: initial }}
      rules={rules}
      fields={formFields}
      uiSchemaOf={uiSchemaOf}
      onSave={async ({ Fields }) => {
        props.onPick({
          Guid: data.Guid,
          Name: data.Name,
          FlowConnectionGuid: data.FlowConnectionGuid ?? null,
          Fields,
        });
        return true;
      }}
    />
  );
}

/**
 * Function list picker (spec part 2 §2 drawer 15), declared in schemas/drawers/flow-function-list-picker:
 * choose a list, then its fields.
 */
export function FunctionListPickerDrawer(props: {
  drawerKey: string;
  current?: FunctionListLink | null | undefined;
  onPick(link: FunctionListLink): void;
}) {
  const { drawerKey, current, onPick } = props;
  const lists = useQuery(functionListsQuery());
  const drawers = useDrawers();
  const data = lists.data;
  const uiSchemaOf = useCallback(
    () => withOptions(pickerForm.uiSchema, { List: { lists: data ?? [] } }),
    [data],
  );
  const formContext = useMemo(
    () => ({
      open: (list: FunctionList) =>
        drawers.open({
          key: `${drawerKey}:fields`,
          title: list.Name,
          content: (
            <FunctionListFieldsDrawer
              drawerKey={`${drawerKey}:fields`}
              guid={list.Guid}
              current={current}
              onPick={(link) => {
                onPick(link);
                void drawers.close(drawerKey, { force: true });
              }}
            />
          ),
        }),
    }),
    [drawers, drawerKey, current, onPick],
  );
  if (lists.isPending) return <span className="spinner" role="status" aria-label="Loading" />;
  if (lists.error || (data ?? []).length === 0)
    return <p className="empty-state">No function lists are available on this server.</p>;
  return (
    <DrawerForm<{ List: string | null }>
      drawerKey={drawerKey}
      form={pickerForm}
      value={{ List: current?.Guid ?? null }}
      acting
      fields={formFields}
      formContext={formContext}
      uiSchemaOf={uiSchemaOf}
      onSave={async () => false}
    />
  );
}
