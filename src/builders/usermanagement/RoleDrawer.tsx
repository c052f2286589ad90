import type { RegistryFieldsType } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../generated/forms/Role';
import type { Peer } from '../../domain/rules/names';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { useDrawerSave } from '../../engine/drawers/useDrawerSave';
import { normalizeRolePermissions, type RolePermissions } from '../../permissions/entitlements';
import { clientModulesQuery } from '../../shell/modules/clientModulesQuery';
import { type PermissionMatrixContext, PermissionMatrixField } from './PermissionMatrixField';
import { type Role, saveRole, userKeys } from './userQueries';

export const ROLE_DRAWER = 'role';
const fields: RegistryFieldsType = { permissionMatrix: PermissionMatrixField };
// A role change reaches users at their next token refresh; the lists here show it at once.
const invalidate = [userKeys.roles, userKeys.rolesLookup];

/**
 * The role drawer (spec part 1 §2, §3 'Role'): a unique name and the permission matrix. On save, implied
 * permissions are switched on and only areas of enabled modules are kept (§4 'Role save'), by the same
 * function the server runs. Read-only without Upsert (§6).
 */
export function RoleDrawer({
  role,
  isNew,
  readOnly,
  peers,
}: {
  role: Role;
  isNew: boolean;
  readOnly: boolean;
  peers: readonly Peer[];
}) {
  const modules = useQuery(clientModulesQuery());
  const enabledModules = useMemo(
    () => (modules.data ? new Set(modules.data.map((module) => module.Name)) : null),
    [modules.data],
  );
  const post = useCallback(
    (value: Role) =>
      saveRole(
        enabledModules
          ? {
              ...value,
              Permissions: normalizeRolePermissions(value.Permissions as RolePermissions, enabledModules),
            }
          : value,
      ),
    [enabledModules],
  );
  const save = useDrawerSave<Role>({
    item: 'role',
    name: (value) => value.Name,
    base: role,
    isNew,
    save: post,
    invalidate,
  });
  const context = useMemo(() => ({ peers: { roles: peers } }), [peers]);
  const formContext = useMemo(
    (): PermissionMatrixContext & Record<string, unknown> => ({
      enabledModules,
      modulesFailed: modules.isError,
    }),
    [enabledModules, modules.isError],
  );
  return (
    <DrawerForm
      drawerKey={ROLE_DRAWER}
      form={form}
      value={role}
      onSave={save}
      readOnly={readOnly}
      context={context}
      fields={fields}
      formContext={formContext}
    />
  );
}
