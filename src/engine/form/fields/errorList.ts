import type { FieldError } from '../../../validation/fieldErrors';

/**
 * The errors below a custom field (its RJSF ErrorSchema) as a list with paths relative to the field
 * (`/0/From`), for fields that place messages inside themselves (tables, the condition editor). The
 * field's own errors (at its root) are left to the field template, which shows them under it. RJSF's
 * ErrorSchema keeps only the words of each error, so they carry the generic key `form.errorBelow`.
 */
export function errorsBelow(errorSchema: unknown): FieldError[] {
  const out: FieldError[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === '__errors') {
        if (path !== '')
          for (const message of (child as string[]) ?? [])
            out.push({ path, messageKey: 'form.errorBelow', message });
      } else walk(child, `${path}/${key}`);
    }
  };
  walk(errorSchema, '');
  return out;
}
