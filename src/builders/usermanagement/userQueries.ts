import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];
export type Saved = components['schemas']['Saved'];

/** Query keys of users and roles, in one place; the roles checklist reads the roles lookup. */
export const userKeys = {
  users: ['usermanagement', 'users'] as const,
  user: (guid: string) => ['usermanagement', 'users', guid] as const,
  roles: ['usermanagement', 'roles'] as const,
  role: (guid: number) => ['usermanagement', 'roles', guid] as const,
  rolesLookup: ['lookup', 'UserManagement.GetRoles'] as const,
};

export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.users, queryFn: () => callOperation('UserManagement.GetUsers', {}) });

export const rolesQuery = () =>
  queryOptions({ queryKey: userKeys.roles, queryFn: () => callOperation('UserManagement.GetRoles', {}) });

export const getUser = (guid: string) => callOperation('UserManagement.GetUser', { path: { guid } });
export const getRole = (guid: number) => callOperation('UserManagement.GetRole', { path: { guid } });

export const saveUser = (user: User) => callOperation('UserManagement.PostUser', { body: user });
export const deleteUser = (user: User) =>
  callOperation('UserManagement.DeleteUser', { path: { guid: user.Guid } });
export const resetTwoFactor = (user: User) =>
  callOperation('UserManagement.Deactivate2FA', { query: { UserGuid: user.Guid } });

export const saveRole = (role: Role) => callOperation('UserManagement.PostRole', { body: role });
export const deleteRole = (role: Role) =>
  callOperation('UserManagement.DeleteRole', { path: { guid: role.Guid ?? 0 } });
