import type { components } from '../../generated/uiservices';
import type { MessageKey } from '../../src/messages/en';
import { type MessageParams, t } from '../../src/messages/t';
import type { FieldError } from '../../src/validation/fieldErrors';

/**
 * An error answer. Every one carries Message (spec part 1 §8 'API errors': a message from the server is
 * shown when given) and, where there is one, the catalogue key.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly extra: {
      Errors?: FieldError[];
      Current?: unknown;
      Impact?: components['schemas']['Impact'];
    } = {},
  ) {
    super(t(messageKey, params));
  }

  body() {
    return {
      Message: this.message,
      MessageKey: this.messageKey,
      ...(this.extra.Errors
        ? {
            Errors: this.extra.Errors.map((error) => ({
              Path: error.path,
              MessageKey: error.messageKey,
              Message: error.message,
              ...(error.params ? { Params: error.params } : {}),
            })),
          }
        : {}),
      ...(this.extra.Current !== undefined ? { Current: this.extra.Current } : {}),
      ...(this.extra.Impact ? { Impact: this.extra.Impact } : {}),
    };
  }
}

export const badRequest = (errors: FieldError[]) => {
  const only = errors.length === 1 ? errors[0] : undefined;
  return new HttpError(400, only ? (only.messageKey as MessageKey) : 'api.validation', only?.params, {
    Errors: errors,
  });
};
export const notFound = (key: MessageKey = 'notFound.item') => new HttpError(404, key);
export const unauthorized = () => new HttpError(401, 'api.unauthorized');
export const forbidden = () => new HttpError(403, 'api.forbidden');
export const conflict = (current: unknown) =>
  new HttpError(409, 'api.conflict', undefined, { Current: current });
