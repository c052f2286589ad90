import { useQuery } from '@tanstack/react-query';
import type { FlowField } from '../../../domain/flow/types';
import { duplicateIndexes } from '../../../domain/rules/names';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import type { FieldError } from '../../../validation/fieldErrors';
import { functionListQuery, functionListsQuery } from '../flowQueries';

export type FunctionListLink = NonNullable<NonNullable<FlowField['Validation']>['FunctionList']>;
type Picked = NonNullable<FunctionListLink['Fields']>[number];

const aliasErrors = (fields: readonly Picked[]): FieldError[] => {
  const errors: FieldError[] = [];
  fields.forEach((field, index) => {
    if (!field.Alias || field.Alias.trim() === '')
      errors.push({
        path: `/Fields/${index}/Alias`,
        messageKey: 'aliasCanNotBeEmpty',
        message: t('aliasCanNotBeEmpty'),
      });
  });
  for (const index of duplicateIndexes(fields, (field) => field.Alias))
    errors.push({
      path: `/Fields/${index}/Alias`,
      messageKey: 'aliasMustBeUnique',
      message: t('aliasMustBeUnique'),
    });
  return errors;
};

/**
 * Function list field picker (spec part 2 §2 drawer 15): tick fields of the list and give each an alias
 * without spaces; Save needs at least one field and no alias errors; closing with changes asks first.
 */
export function FunctionListFieldsDrawer(props: {
  drawerKey: string;
  guid: string;
  current?: FunctionListLink | null | undefined;
  onPick(link: FunctionListLink): void;
}) {
  const list = useQuery(functionListQuery(props.guid));
  if (list.isPending) return <span className="spinner" role="status" aria-label="Loading" />;
  if (list.error || !list.data)
    return (
      <p className="empty-state" role="alert">
        {t('fb.functionList.notFound')}
      </p>
    );
  const data = list.data;
  const initial = props.current?.Guid === data.Guid ? (props.current.Fields ?? []) : [];
  return (
    <DrawerEditor<Picked[]>
      drawerKey={props.drawerKey}
      value={initial}
      validate={(fields) =>
        fields.length === 0
          ? [
              {
                path: '/Fields',
                messageKey: 'fb.flowErrors.functionListFieldsNotChosen',
                message: t('fb.flowErrors.functionListFieldsNotChosen', { name: data.Name }),
              },
            ]
          : aliasErrors(fields)
      }
      onSave={(fields) => {
        props.onPick({
          Guid: data.Guid,
          Name: data.Name,
          FlowConnectionGuid: data.FlowConnectionGuid ?? null,
          Fields: fields,
        });
        return true;
      }}
    >
      {({ value, onChange, errors }) => (
        <table className="list__table flow-table" aria-label={`Fields of ${data.Name}`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Alias</th>
            </tr>
          </thead>
          <tbody>
            {(data.Fields ?? []).map((field) => {
              const at = value.findIndex((entry) => entry.Name === field.Name);
              const messages = errors
                .filter((error) => error.path.startsWith(`/Fields/${at}/`))
                .map((error) => error.message);
              return (
                <tr key={field.Name}>
                  <td>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={at >= 0}
                        onChange={(event) =>
                          onChange(
                            event.target.checked
                              ? [
                                  ...value,
                                  {
                                    Name: field.Name ?? '',
                                    Alias: field.Name ?? '',
                                    ...(field.Type ? { Type: field.Type } : {}),
                                  },
                                ]
                              : value.filter((entry) => entry.Name !== field.Name),
                          )
                        }
                      />
                      <span>{field.Name}</span>
                    </label>
                  </td>
                  <td>{field.Type ?? '—'}</td>
                  <td>
                    {at >= 0 && (
                      <>
                        <input
                          className="field__input"
                          aria-label={`Alias of ${field.Name}`}
                          value={value[at]!.Alias ?? ''}
                          onChange={(event) =>
                            onChange(
                              value.map((entry, index) =>
                                index === at
                                  ? { ...entry, Alias: event.target.value.replace(/\s/g, '') }
                                  : entry,
                              ),
                            )
                          }
                        />
                        {messages.length > 0 && <p className="field__error">{messages.join(' ')}</p>}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </DrawerEditor>
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
