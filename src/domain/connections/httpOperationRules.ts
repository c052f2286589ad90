import type { components } from '../../../generated/uiservices';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';

type HttpOperation = components['schemas']['HttpOperation'];

const error = (path: string, messageKey: string, params: Record<string, string>): FieldError => ({
  path,
  messageKey,
  message: t(messageKey, params),
  params,
});

/** The `{name}` placeholders of an operation's path. */
export const pathPlaceholders = (path: string): string[] =>
  [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!.trim());

/**
 * Rules of a REST API connection's operations the schema cannot say (issue 30 point 3): names unique
 * within the connection without regard to case (a connector method's guid is made from its name,
 * server/connectors/operationGuid.ts), and each `{name}` of a path filled by a path input of that name
 * (its Key, else its Name), so no call goes out with a hole in its address.
 */
export function httpOperationRules(operations: readonly HttpOperation[] | null | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (operations ?? []).forEach((operation, index) => {
    const name = operation.Name?.trim() ?? '';
    if (name !== '' && seen.has(name.toLowerCase()))
      errors.push(error(`/Operations/${index}/Name`, 'cb.operations.nameNotUnique', { name }));
    seen.add(name.toLowerCase());
    const filled = new Set(
      (operation.Inputs ?? [])
        .filter((input) => input.In === 'path')
        .map((input) => (input.Key?.trim() || input.Name).toLowerCase()),
    );
    for (const placeholder of pathPlaceholders(operation.Path ?? ''))
      if (!filled.has(placeholder.toLowerCase()))
        errors.push(
          error(`/Operations/${index}/Path`, 'cb.operations.pathInputMissing', { name: placeholder }),
        );
  });
  return errors;
}
