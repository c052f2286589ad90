import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../validation/fieldErrors';

/** Catalogue errors (JSON-pointer paths) as RJSF's nested error schema, so fields show them inline. */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const error of errors) {
    let node = root;
    for (const part of error.path.split('/').slice(1)) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    if (!list.includes(error.message)) list.push(error.message);
    node.__errors = list;
  }
  return root as ErrorSchema;
}
