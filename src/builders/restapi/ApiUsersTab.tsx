import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { useUrlDrawer } from '../../engine/drawers/useUrlDrawer';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useDeleteRow } from '../../engine/list/useDeleteRow';
import { useListController } from '../../engine/list/useListController';
import { useCan } from '../../permissions/useCan';
import { API_USER_DRAWER, ApiUserDrawer } from './ApiUserDrawer';
import { type ApiUser, apiUserKeys, apiUsersQuery, deleteApiUser } from './apiUserQueries';

const columns: ColumnSpec<ApiUser>[] = [
  { id: 'name', header: 'Username', value: (user) => user.Username },
  { id: 'active', header: 'Active', kind: 'boolean', value: (user) => user.IsActive !== false },
  { id: 'roles', header: 'Roles', value: (user) => user.Roles.length, searchable: false },
  { id: 'modified', header: 'Last edited', kind: 'date', value: (user) => user.Modified },
];

const newApiUser = (): ApiUser => ({
  Guid: crypto.randomUUID(),
  Username: '',
  IsActive: true,
  IsApiUser: true,
  Roles: [],
  IsNew: true,
});

/**
 * The API users tab of REST API management (spec part 1 §2): the list, and a drawer per API user. Edit or
 * view by Upsert, delete by Delete in the RestApiBuilder area (§6: 'Delete (for API users)').
 */
export function ApiUsersTab({ tabs }: { tabs: ReactNode }) {
  const can = useCan();
  const canEdit = can('RestApiBuilder', 'Upsert');
  const canDelete = can('RestApiBuilder', 'Delete');
  const list = useQuery(apiUsersQuery());
  const controller = useListController({ rows: list.data, columns, paramPrefix: 'users.' });
  const drawers = useDrawers();
  const open = (user: ApiUser, isNew: boolean) => {
    const peers = (list.data ?? []).map((peer) => ({ id: peer.Guid, name: peer.Username }));
    drawers.open({
      key: API_USER_DRAWER,
      title: isNew ? 'New API user' : `API user ${user.Username}`,
      content: <ApiUserDrawer user={user} isNew={isNew} readOnly={!canEdit} peers={peers} />,
    });
  };
  // The open API user is in the URL (?apiuser=<guid>, or new): a reload or a shared link shows it (issue 10 point 5).
  const drawer = useUrlDrawer('apiuser', API_USER_DRAWER, (id) => {
    if (id === 'new') {
      if (!canEdit) return false;
      open(newApiUser(), true);
      return true;
    }
    if (!list.data) return false;
    const user = list.data.find((entry) => entry.Guid === id);
    if (user) open(user, false);
    return true;
  });
  const create = canEdit ? () => drawer.open('new') : undefined;
  useShortcuts(usePageIsTop(), create ? { create } : {});
  const remove = useDeleteRow<ApiUser>({
    item: 'API user',
    name: (user) => user.Username,
    remove: deleteApiUser,
    errorKey: 'ra.apiUserDelete.error',
    invalidate: [apiUserKeys.list, apiUserKeys.lookup],
  });

  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">REST API</h1>
      </header>
      {tabs}
      <ListView
        label="API users"
        columns={columns}
        controller={controller}
        loading={list.isPending}
        error={list.error ? list.error.message : null}
        rowKey={(user) => user.Guid}
        openLabel={canEdit ? 'edit' : 'view'}
        onOpen={(user) => drawer.open(user.Guid)}
        {...(canDelete ? { onDelete: (user: ApiUser) => void remove(user) } : {})}
        {...(create ? { onCreate: create, createLabel: 'New API user' } : {})}
      />
    </div>
  );
}
