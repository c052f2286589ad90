import { t } from '../messages/t';

/**
 * The text to show for a failed call (spec part 1 §8 'API errors'): the server's message when it gives
 * one, otherwise one per status. 401 always asks to log in, as a warning, and so does 403 without a message;
 * a 403 with one says why the server refused (who may change whom, issue 29 point 2).
 */
export function errorMessage(
  status: number,
  serverMessage?: string | null,
): { text: string; severity: 'danger' | 'warning' } {
  if (status === 401 || (status === 403 && !serverMessage))
    return { text: t('api.unauthorized'), severity: 'warning' };
  if (serverMessage) return { text: serverMessage, severity: 'danger' };
  if (status === 400) return { text: t('api.badRequest'), severity: 'danger' };
  if (status === 404) return { text: t('api.notFound'), severity: 'danger' };
  if (status === 500) return { text: t('api.internal'), severity: 'danger' };
  if (status > 500) return { text: t('api.server'), severity: 'danger' };
  return { text: t('api.other'), severity: 'danger' };
}
