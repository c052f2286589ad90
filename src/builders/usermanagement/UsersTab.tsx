import { type ReactNode, useMemo } from 'react';
import { DrawerLoader } from '../../engine/drawers/DrawerLoader';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { useUrlDrawer } from '../../engine/drawers/useUrlDrawer';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useDeleteRow } from '../../engine/list/useDeleteRow';
import { usePagedRows, type WholeList } from '../../engine/list/usePagedRows';
import { useServerListController } from '../../engine/list/useServerListController';
import { useCan } from '../../permissions/useCan';
import { USER_DRAWER, UserDrawer } from './UserDrawer';
import {
  deleteUser,
  getUser,
  type User,
  type UserSortField,
  userKeys,
  usersPageQuery,
  usersQuery,
} from './userQueries';

const fullName = (user: User) => [user.FirstName, user.LastName].filter(Boolean).join(' ');

/** A column with the wire field GetUsers sorts it by (the Name column by the first name it starts with). */
type UserColumn = ColumnSpec<User> & { field: UserSortField };

const baseColumns: UserColumn[] = [
  { id: 'email', header: 'E-mail', value: (user) => user.Email, field: 'Email' },
  { id: 'name', header: 'Name', value: fullName, field: 'FirstName' },
  {
    id: 'active',
    header: 'Active',
    kind: 'boolean',
    value: (user) => user.IsActive !== false,
    field: 'IsActive',
  },
  {
    id: 'twoFactor',
    header: 'Two-factor',
    kind: 'boolean',
    value: (user) => user.TwoFactor === true,
    field: 'TwoFactor',
  },
  { id: 'logins', header: 'Logins', value: (user) => user.Logins ?? 0, searchable: false, field: 'Logins' },
  {
    id: 'lastLogin',
    header: 'Last login',
    kind: 'date',
    value: (user) => user.LastLogin,
    field: 'LastLogin',
  },
];
const adminColumn: UserColumn = {
  id: 'admin',
  header: 'Administrator',
  kind: 'boolean',
  value: (user) => user.IsAdmin === true,
  field: 'IsAdmin',
};

/**
 * The whole list, paged in the browser once the server's first page says it is small enough, by the
 * server's rules: its search fields, ties by e-mail (server/areas/userManagement.ts GetUsers).
 */
const wholeList: WholeList<User, typeof userKeys.users> = {
  query: usersQuery(),
  searchFields: ['Email', 'FirstName', 'LastName'],
  nameField: 'Email',
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
 * only with See Admin Status (§6); edit or view by Upsert, delete by Delete. The server pages the list
 * (GetUsers with paging parameters, 20 a page, issue 33 point 6) until the whole list has loaded behind
 * the first page, as the Connection Builder's does; search, sort and page are in the URL.
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
  const list = useServerListController({ defaultSort: 'email' });
  const paged = usePagedRows({
    query: list.query,
    columns,
    page: (query) => usersPageQuery(query, columns.find((column) => column.id === query.sort)?.field),
    whole: wholeList,
  });
  const controller = list.controller(paged.rows, paged.total);
  const drawers = useDrawers();
  const open = (user: User, isNew: boolean) => {
    // The e-mail must be unique among the users (spec part 1 §5): all of them once loaded; the server
    // checks it again either way.
    const peers = (paged.all ?? paged.rows).map((peer) => ({ id: peer.Guid, name: peer.Email }));
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
    if (paged.loading) return false;
    const known = (paged.all ?? paged.rows).find((user) => user.Guid === id);
    open(known ?? { ...newUser(), Guid: id, IsNew: false }, false);
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
        loading={paged.loading}
        busy={paged.busy}
        error={paged.error}
        steadyColumns={paged.local}
        rowKey={(user) => user.Guid}
        openLabel={canEdit ? 'edit' : 'view'}
        onOpen={(user) => drawer.open(user.Guid)}
        {...(canDelete ? { onDelete: (user: User) => void remove(user) } : {})}
        {...(create ? { onCreate: create, createLabel: 'New user' } : {})}
      />
    </div>
  );
}
