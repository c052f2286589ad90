import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DrawerLoader } from '../../engine/drawers/DrawerLoader';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { useUrlDrawer } from '../../engine/drawers/useUrlDrawer';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useDeleteRow } from '../../engine/list/useDeleteRow';
import { useListController } from '../../engine/list/useListController';
import { isArea } from '../../permissions/areas';
import { useCan } from '../../permissions/useCan';
import { ROLE_DRAWER, RoleDrawer } from './RoleDrawer';
import { deleteRole, getRole, type Role, rolesQuery, userKeys } from './userQueries';

/** The areas a role grants anything in, by their labels. */
const grantedAreas = (role: Role) =>
  Object.entries(role.Permissions)
    .filter(([area, flags]) => isArea(area) && Object.values(flags).some(Boolean))
    .map(([area]) => area)
    .join(', ');

const columns: ColumnSpec<Role>[] = [
  { id: 'name', header: 'Name', value: (role) => role.Name },
  { id: 'areas', header: 'Areas', value: grantedAreas },
];

const newRole = (): Role => ({ Guid: 0, Name: '', Permissions: {}, IsNew: true });

/**
 * The Roles tab of user management (spec part 1 §2): the list and a drawer per role. The list state uses
 * its own URL parameters (roles.q, roles.page, ...) so both tabs keep theirs.
 */
export function RolesTab({ tabs }: { tabs: ReactNode }) {
  const can = useCan();
  const canEdit = can('UserManagement', 'Upsert');
  const canDelete = can('UserManagement', 'Delete');
  const list = useQuery(rolesQuery());
  const controller = useListController({ rows: list.data, columns, paramPrefix: 'roles.' });
  const drawers = useDrawers();
  const open = (role: Role, isNew: boolean) => {
    const peers = (list.data ?? []).map((peer) => ({ id: peer.Guid ?? 0, name: peer.Name }));
    drawers.open({
      key: ROLE_DRAWER,
      title: isNew ? 'New role' : `Role ${role.Name}`,
      size: 'wide',
      content: isNew ? (
        <RoleDrawer role={role} isNew readOnly={!canEdit} peers={peers} />
      ) : (
        <DrawerLoader queryKey={userKeys.role(role.Guid ?? 0)} load={() => getRole(role.Guid ?? 0)}>
          {(shown) => <RoleDrawer role={shown} isNew={false} readOnly={!canEdit} peers={peers} />}
        </DrawerLoader>
      ),
    });
  };
  // The open role is in the URL (?role=<number>, or new): a reload or a shared link shows it (issue 10 point 5).
  const drawer = useUrlDrawer('role', ROLE_DRAWER, (id) => {
    if (id === 'new') {
      if (!canEdit) return false;
      open(newRole(), true);
      return true;
    }
    if (!list.data) return false;
    const role = list.data.find((entry) => String(entry.Guid) === id);
    if (role) open(role, false);
    return true;
  });
  const create = canEdit ? () => drawer.open('new') : undefined;
  useShortcuts(usePageIsTop(), create ? { create } : {});
  const remove = useDeleteRow<Role>({
    item: 'role',
    name: (role) => role.Name,
    remove: deleteRole,
    errorKey: 'user.roleDelete.error',
    invalidate: [userKeys.roles, userKeys.rolesLookup, userKeys.users],
  });
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">User management</h1>
      </header>
      {tabs}
      <ListView
        label="Roles"
        columns={columns}
        controller={controller}
        loading={list.isPending}
        error={list.error ? list.error.message : null}
        rowKey={(role) => String(role.Guid)}
        openLabel={canEdit ? 'edit' : 'view'}
        onOpen={(role) => drawer.open(String(role.Guid))}
        {...(canDelete ? { onDelete: (role: Role) => void remove(role) } : {})}
        {...(create ? { onCreate: create, createLabel: 'New role' } : {})}
      />
    </div>
  );
}
