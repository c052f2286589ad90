import type { MessageKey } from '../../messages/en';
import { passwordMeetsRule } from './passwordMeetsRule';

export interface NewPasswordForm {
  newPassword: string;
  confirm: string;
  /** Only on the change screen; the reset screen has no current password. */
  currentPassword?: string;
}

export type PasswordField = 'newPassword' | 'confirm' | 'currentPassword';

/**
 * The first failing check of a password change, in the order of spec part 1 §5 'Account': new password
 * present, meets the rule, confirmation present, confirmation equal, current password present. The
 * reset screen runs the same checks without the last one. Null when all pass.
 */
export function newPasswordError(form: NewPasswordForm): { field: PasswordField; key: MessageKey } | null {
  if (!form.newPassword) return { field: 'newPassword', key: 'noNewPassword' };
  if (!passwordMeetsRule(form.newPassword))
    return { field: 'newPassword', key: 'passwordNoMatchRequirements' };
  if (!form.confirm) return { field: 'confirm', key: 'noConfirmPassword' };
  if (form.confirm !== form.newPassword) return { field: 'confirm', key: 'passwordNoMatch' };
  if (form.currentPassword !== undefined && !form.currentPassword)
    return { field: 'currentPassword', key: 'noCurrentPassword' };
  return null;
}
