import type { RegistryFieldsType } from '@rjsf/utils';
import { useMemo } from 'react';
import { form } from '../../../generated/forms/ApiUser';
import type { Peer } from '../../domain/rules/names';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { useDrawerSave } from '../../engine/drawers/useDrawerSave';
import { type ApiTokenContext, ApiTokenField } from './ApiTokenField';
import { type ApiUser, apiUserKeys, saveApiUser } from './apiUserQueries';

export const API_USER_DRAWER = 'api-user';

const fields: RegistryFieldsType = { apiToken: ApiTokenField };
const invalidate = [apiUserKeys.list, apiUserKeys.lookup];

/**
 * The API user drawer (spec part 1 §2 'a drawer for API user details'): username (required, unique among
 * the other API users), active flag, roles as checkboxes, and the token to copy or renew in edit mode.
 * Without Upsert it is read-only, with no save button (§6).
 */
export function ApiUserDrawer({
  user,
  isNew,
  readOnly,
  peers,
}: {
  user: ApiUser;
  isNew: boolean;
  readOnly: boolean;
  peers: readonly Peer[];
}) {
  const save = useDrawerSave<ApiUser>({
    item: 'API user',
    name: (value) => value.Username,
    base: user,
    isNew,
    save: saveApiUser,
    invalidate,
  });
  const context = useMemo(() => ({ peers: { apiUsers: peers } }), [peers]);
  const formContext = useMemo(
    (): ApiTokenContext & Record<string, unknown> => ({ editMode: !isNew && !readOnly, isNew }),
    [isNew, readOnly],
  );
  return (
    <DrawerForm
      drawerKey={API_USER_DRAWER}
      form={form}
      value={user}
      onSave={save}
      readOnly={readOnly}
      context={context}
      fields={fields}
      formContext={formContext}
    />
  );
}
