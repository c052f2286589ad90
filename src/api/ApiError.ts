import type { components } from '../../generated/uiservices';
import { errorMessage } from './errorMessage';

type ErrorBody = components['schemas']['ErrorBody'];

/** A failed call: its status, the text to show, and the server's field errors when it sent them. */
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
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
