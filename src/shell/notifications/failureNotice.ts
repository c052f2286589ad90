import { isApiError } from '../../api/ApiError';
import type { MessageKey } from '../../messages/en';
import { t } from '../../messages/t';
import type { Severity } from './notifications';

/** The catalogue's words a load gives its own failure, beside the client's (spec part 1 §8, part 2 §8). */
export interface FailureWords {
  /** Shown for any failure of this load but a 401/403: a lookup's load-error key (`mb.error.loadSchemaTypes`). */
  errorKey?: MessageKey | undefined;
  /** Shown when the item is not there (404): a builder item's not-found key (`sb.error.loadScript`). */
  notFoundKey?: MessageKey | undefined;
}

/**
 * The notice of a failed call (spec part 1 §8, part 2 §8: "shown as a danger notification unless stated
 * otherwise"): the load's own key where the spec gives one, otherwise the client's words (the server's
 * message, the status's text, the generic load or update text when the server never answered). A 401 or
 * 403 stays the client's warning. Anything that is no ApiError is the generic error.
 * @example const { severity, text } = failureNotice(error, { errorKey: "mb.error.loadSchemaTypes" });
 */
export function failureNotice(
  error: unknown,
  words: FailureWords = {},
): { severity: Severity; text: string } {
  if (isApiError(error) && error.severity === 'warning') return { severity: 'warning', text: error.message };
  if (words.notFoundKey && isApiError(error) && error.status === 404)
    return { severity: 'danger', text: t(words.notFoundKey) };
  if (words.errorKey) return { severity: 'danger', text: t(words.errorKey) };
  if (isApiError(error)) return { severity: error.severity, text: error.message };
  return { severity: 'danger', text: t('generic.error') };
}
