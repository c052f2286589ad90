import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { form } from '../../../generated/forms/User';
import type { Peer } from '../../domain/rules/names';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { useDrawerSave } from '../../engine/drawers/useDrawerSave';
import { useDrawers } from '../../engine/drawers/useDrawers';
import type { FormDefinition } from '../../engine/form/formDefinition';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { resetTwoFactor, type Saved, saveUser, type User, userKeys } from './userQueries';

export const USER_DRAWER = 'user';
const hidden = { 'ui:widget': 'hidden' };
const invalidate = [userKeys.users];

/**
 * The user form as this viewer sees it: the admin flag only with See Admin Status (spec part 1 §6), no
 * sign-in facts for a user not yet saved, and under the e-mail the new address still waiting for its
 * confirmation (issue 29 point 2) beside the one the user signs in with until then.
 */
export function userForm(options: {
  seeAdminStatus: boolean;
  isNew: boolean;
  pending?: { email: string; current: string } | undefined;
}): FormDefinition {
  const uiSchema = { ...form.uiSchema };
  if (!options.seeAdminStatus) uiSchema.IsAdmin = hidden;
  if (options.isNew) Object.assign(uiSchema, { TwoFactor: hidden, Logins: hidden, LastLogin: hidden });
  if (options.pending)
    uiSchema.Email = { ...uiSchema.Email, 'ui:help': t('user.emailPending', options.pending) };
  return { ...form, uiSchema };
}

/** The notice after a save that left the new address waiting for its confirmation. */
const savedNotice = (saved: Saved) =>
  saved.PendingEmail ? t('user.emailConfirmationSent', { email: saved.PendingEmail }) : undefined;

/**
 * The user drawer (spec part 1 §2, §3 'User'): e-mail, names, gender, active, roles as checkboxes, the admin
 * flag for those who may see it, sign-in facts, and reset two-factor when the user has it and editing is
 * allowed, after confirmation (§4). Read-only without Upsert (§6).
 */
export function UserDrawer({
  user,
  isNew,
  readOnly,
  seeAdminStatus,
  peers,
}: {
  user: User;
  isNew: boolean;
  readOnly: boolean;
  seeAdminStatus: boolean;
  peers: readonly Peer[];
}) {
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { close } = useDrawers();
  const save = useDrawerSave<User, Saved>({
    item: 'user',
    name: (value) => value.Email,
    base: user,
    isNew,
    save: saveUser,
    invalidate,
    notice: isNew ? t('user.created') : savedNotice,
  });
  const pendingEmail = user.PendingEmail;
  const shownForm = useMemo(
    () =>
      userForm({
        seeAdminStatus,
        isNew,
        pending: pendingEmail ? { email: pendingEmail, current: user.Email } : undefined,
      }),
    [seeAdminStatus, isNew, pendingEmail, user.Email],
  );
  const context = useMemo(() => ({ peers: { users: peers } }), [peers]);

  const reset = async () => {
    const yes = await confirm({
      title: t('user.resetTwoFactorTitle'),
      body: t('user.resetTwoFactorBody', { name: user.Email }),
      confirmText: t('user.resetTwoFactorConfirm'),
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await resetTwoFactor(user);
      notify('success', t('user.resetTwoFactorDone', { name: user.Email }));
      await queryClient.invalidateQueries({ queryKey: userKeys.users });
      await close(USER_DRAWER, { force: true });
    } catch (error) {
      notifyError(error);
    }
  };
  const canReset = !isNew && !readOnly && user.TwoFactor === true;

  return (
    <DrawerForm
      drawerKey={USER_DRAWER}
      form={shownForm}
      value={user}
      onSave={save}
      readOnly={readOnly}
      context={context}
      extraActions={
        canReset ? (
          <button
            type="button"
            className="button button--danger-outline drawer-form__extra"
            onClick={() => void reset()}
          >
            Reset two-factor
          </button>
        ) : undefined
      }
    />
  );
}
