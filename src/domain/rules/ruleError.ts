import type { MessageKey } from '../../messages/en';
import { type MessageParams, t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';

/** A rule's error at a JSON pointer, with its catalogue text. */
export function ruleError(path: string, messageKey: MessageKey, params?: MessageParams): FieldError {
  return { path, messageKey, message: t(messageKey, params), ...(params ? { params } : {}) };
}
