import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { form } from '../../../../generated/forms/FlowFunctionListFields';
import type { FlowField } from '../../../domain/flow/types';
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

/** Function list picker (spec part 2 §2 drawer 15): choose a list, then its fields. */
export function FunctionListPickerDrawer(props: {
  drawerKey: string;
  current?: FunctionListLink | null | undefined;
  onPick(link: FunctionListLink): void;
}) {
  const lists = useQuery(functionListsQuery());
  const drawers = useDrawers();
  if (lists.isPending) return <span className="spinner" role="status" aria-label="Loading" />;
  if (lists.error || (lists.data ?? []).length === 0)
    return <p className="empty-state">No function lists are available on this server.</p>;
  return (
    <table className="list__table flow-table" aria-label="Function lists">
      <thead>
        <tr>
          <th scope="col">Function list</th>
          <th scope="col">Fields</th>
        </tr>
      </thead>
      <tbody>
        {(lists.data ?? []).map((list) => (
          <tr key={list.Guid}>
            <td>
              <button
                type="button"
                className="list__open"
                onClick={() =>
                  drawers.open({
                    key: `${props.drawerKey}:fields`,
                    title: list.Name,
                    content: (
                      <FunctionListFieldsDrawer
                        drawerKey={`${props.drawerKey}:fields`}
                        guid={list.Guid}
                        current={props.current}
                        onPick={(link) => {
                          props.onPick(link);
                          void drawers.close(props.drawerKey, { force: true });
                        }}
                      />
                    ),
                  })
                }
              >
                {list.Name}
              </button>
            </td>
            <td>{list.Fields?.length ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
