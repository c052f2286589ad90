import type { components } from '../../generated/uiservices';
import { t } from '../messages/t';
import { errorMessage } from './errorMessage';

type ErrorBody = components['schemas']['ErrorBody'];

/** The status of a call the server never answered (the network failed, the server is down). */
export const UNANSWERED = 0;

/**
 * A failed call: its status, the text to show, and the server's field errors when it sent them. Every
 * failure of the one client is one (src/api/client.ts): an error answer, a request never answered
 * (status 0), and a save or delete answered `false` (spec part 1 §7), so screens show `message` and
 * never a browser's "Failed to fetch".
 */
export class ApiError extends Error {
  readonly severity: 'danger' | 'warning';
  readonly messageKey: string | undefined;
  readonly errors: NonNullable<ErrorBody['Errors']>;
  readonly current: unknown;
  /** A publish or delete refused because published items use the item: what would break (issue 10 point 1). */
  readonly impact: ErrorBody['Impact'];

  constructor(
    readonly status: number,
    body: Partial<ErrorBody> | null | undefined,
  ) {
    const shown = errorMessage(status, body?.Message);
    super(shown.text);
    this.name = 'ApiError';
    this.severity = shown.severity;
    this.messageKey = body?.MessageKey;
    this.errors = body?.Errors ?? [];
    this.current = body?.Current;
    this.impact = body?.Impact;
  }

  /**
   * A call the server never answered (spec part 1 §8 'Generic'): a load reads 'Something went wrong,
   * please try again', a change (save, publish, delete, status) 'Something went wrong while updating.
   * Please try again.'.
   */
  static unanswered(change: boolean): ApiError {
    const key = change ? 'generic.updateError' : 'generic.error';
    return new ApiError(UNANSWERED, { Message: t(key), MessageKey: key });
  }

  /** A save or delete answered `false`: a failure (spec part 1 §7), in the update text (§8 'Generic'). */
  static refused(status: number): ApiError {
    return new ApiError(status, { Message: t('generic.updateError'), MessageKey: 'generic.updateError' });
  }

  /** Whether the server never answered the call. */
  get unanswered(): boolean {
    return this.status === UNANSWERED;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
