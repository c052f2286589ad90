import type { MessageKey } from '../../messages/en';
import type { Severity } from '../notifications/notifications';
import type { LogoutReason } from './endSession';

/** The notice after logout (spec part 1 §4 'Logout': a message shows; 'Inactivity': a warning notice). */
export const logoutNotice: Record<LogoutReason, { severity: Severity; key: MessageKey }> = {
  user: { severity: 'success', key: 'logout.success' },
  inactivity: { severity: 'warning', key: 'logout.inactivity' },
  emailConfirmed: { severity: 'success', key: 'confirmEmail.success' },
  expired: { severity: 'warning', key: 'logout.expired' },
};
