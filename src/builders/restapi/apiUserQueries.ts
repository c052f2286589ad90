import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';

export type ApiUser = components['schemas']['ApiUser'];

/** Query keys of the API users, in one place; the REST API form's user checklist reads the same list. */
export const apiUserKeys = {
  list: ['restapi', 'apiUsers'] as const,
  lookup: ['lookup', 'RestApi.GetApiUsers'] as const,
};

export const apiUsersQuery = () =>
  queryOptions({
    queryKey: apiUserKeys.list,
    queryFn: () => callOperation('RestApi.GetApiUsers', {}),
  });

export const saveApiUser = (user: ApiUser) => callOperation('RestApi.PostApiUser', { body: user });

export const deleteApiUser = (user: ApiUser) =>
  callOperation('RestApi.DeleteApiUser', { path: { guid: user.Guid } });
