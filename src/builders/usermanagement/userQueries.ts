import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../generated/uiservices';
import { callOperation, callOperationPage } from '../../api/callOperation';
import type { ServerListQuery } from '../../engine/list/useServerListController';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];
export type Saved = components['schemas']['Saved'];

/** Query keys of users and roles, in one place; the roles checklist reads the roles lookup. */
export const userKeys = {
  users: ['usermanagement', 'users'] as const,
  usersPage: (query: ServerListQuery) => ['usermanagement', 'users', 'page', query] as const,
  user: (guid: string) => ['usermanagement', 'users', guid] as const,
  roles: ['usermanagement', 'roles'] as const,
  role: (guid: number) => ['usermanagement', 'roles', guid] as const,
  rolesLookup: ['lookup', 'UserManagement.GetRoles'] as const,
};

/** Every user (GetUsers without paging parameters, spec part 1 §7). */
export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.users, queryFn: () => callOperation('UserManagement.GetUsers', {}) });

/** The wire fields GetUsers sorts by (its `sort` parameter). */
export type UserSortField = NonNullable<
  NonNullable<Parameters<typeof callOperationPage<'UserManagement.GetUsers'>>[1]['query']>['sort']
>;

/**
 * One page of users as the server searches, sorts and pages it (issue 33 point 6; spec part 1 §9 table
 * defaults), `sort` the wire field of the column asked; the previous page stays while the next loads.
 */
export const usersPageQuery = (query: ServerListQuery, sort: UserSortField | undefined) =>
  queryOptions({
    queryKey: userKeys.usersPage(query),
    queryFn: () =>
      callOperationPage('UserManagement.GetUsers', {
        query: {
          page: query.page,
          pageSize: query.pageSize,
          ...(sort ? { sort } : {}),
          direction: query.descending ? 'DESC' : 'ASC',
          ...(query.search.trim() ? { search: query.search.trim() } : {}),
        },
      }),
    placeholderData: (previous) => previous,
  });

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
