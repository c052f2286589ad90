import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { DrawerLoader } from '../../engine/drawers/DrawerLoader';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { useUrlDrawer } from '../../engine/drawers/useUrlDrawer';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useDeleteRow } from '../../engine/list/useDeleteRow';
import { useListController } from '../../engine/list/useListController';
import { useCan } from '../../permissions/useCan';
import { USER_DRAWER, UserDrawer } from './UserDrawer';
import { deleteUser, getUser, type User, userKeys, usersQuery } from './userQueries';

const fullName = (user: User) => [user.FirstName, user.LastName].filter(Boolean).join(' ');

const baseColumns: ColumnSpec<User>[] = [
  { id: 'email', header: 'E-mail', value: (user) => user.Email },
  { id: 'name', header: 'Name', value: fullName },
  { id: 'active', header: 'Active', kind: 'boolean', value: (user) => user.IsActive !== false },
  { id: 'twoFactor', header: 'Two-factor', kind: 'boolean', value: (user) => user.TwoFactor === true },
  { id: 'logins', header: 'Logins', value: (user) => user.Logins ?? 0, searchable: false },
  { id: 'lastLogin', header: 'Last login', kind: 'date', value: (user) => user.LastLogin },
];
const adminColumn: ColumnSpec<User> = {
  id: 'admin',
  header: 'Administrator',
  kind: 'boolean',
  value: (user) => user.IsAdmin === true,
};

const newUser = (): User => ({
  Guid: crypto.randomUUID(),
  Email: '',
  FirstName: '',
  LastName: '',
  GenderCode: 'U',
  IsActive: true,
  Roles: [],
  IsNew: true,
});

/**
 * The Users tab of user management (spec part 1 §2): the list and a drawer per user. The admin column shows
 * only with See Admin Status (§6); edit or view by Upsert, delete by Delete.
 */
export function UsersTab({ tabs }: { tabs: ReactNode }) {
  const can = useCan();
  const canEdit = can('UserManagement', 'Upsert');
  const canDelete = can('UserManagement', 'Delete');
  const seeAdminStatus = can('UserManagement', 'SeeAdminStatus');
  const columns = useMemo(
    () => (seeAdminStatus ? [...baseColumns.slice(0, 3), adminColumn, ...baseColumns.slice(3)] : baseColumns),
    [seeAdminStatus],
  );
  const list = useQuery(usersQuery());
  const controller = useListController({ rows: list.data, columns, defaultSort: 'email' });
  const drawers = useDrawers();
  const open = (user: User, isNew: boolean) => {
    const peers = (list.data ?? []).map((peer) => ({ id: peer.Guid, name: peer.Email }));
    const drawer = (shown: User) => (
      <UserDrawer
        user={shown}
        isNew={isNew}
        readOnly={!canEdit}
        seeAdminStatus={seeAdminStatus}
        peers={peers}
      />
    );
    drawers.open({
      key: USER_DRAWER,
      title: isNew ? 'New user' : `User ${user.Email}`.trim(),
      content: isNew ? (
        drawer(user)
      ) : (
        <DrawerLoader queryKey={userKeys.user(user.Guid)} load={() => getUser(user.Guid)}>
          {drawer}
        </DrawerLoader>
      ),
    });
  };
  // The open user is in the URL (?user=<guid>, or new): a reload or a shared link shows it (issue 10 point 5).
  const drawer = useUrlDrawer('user', USER_DRAWER, (id) => {
    if (id === 'new') {
      if (!canEdit) return false;
      open(newUser(), true);
      return true;
    }
    if (!list.data) return false;
    open(list.data.find((user) => user.Guid === id) ?? { ...newUser(), Guid: id, IsNew: false }, false);
    return true;
  });
  const create = canEdit ? () => drawer.open('new') : undefined;
  useShortcuts(usePageIsTop(), create ? { create } : {});
  const remove = useDeleteRow<User>({
    item: 'user',
    name: (user) => user.Email,
    remove: deleteUser,
    errorKey: 'user.userDelete.error',
    invalidate: [userKeys.users],
  });
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">User management</h1>
      </header>
      {tabs}
      <ListView
        label="Users"
        columns={columns}
        controller={controller}
        loading={list.isPending}
        error={list.error ? list.error.message : null}
        rowKey={(user) => user.Guid}
        openLabel={canEdit ? 'edit' : 'view'}
        onOpen={(user) => drawer.open(user.Guid)}
        {...(canDelete ? { onDelete: (user: User) => void remove(user) } : {})}
        {...(create ? { onCreate: create, createLabel: 'New user' } : {})}
      />
    </div>
  );
}
