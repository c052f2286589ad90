import { t } from '../../src/messages/t';
import type { FieldError } from '../../src/validation/fieldErrors';

/** PostgreSQL's text and jsonb cannot hold U+0000; JSON and query strings can carry it. */
const NUL = '\u0000';

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Fields of a request whose text the database cannot store, as 400 errors. Checked before any handler
 * runs: a NUL that reached SQL would fail the statement with a 500, possibly after earlier writes.
 * Found by the fuzzing suite (tests/server/quality/fuzz.test.ts).
 */
export function unstorableText(value: unknown, path = ''): FieldError[] {
  if (typeof value === 'string') {
    return value.includes(NUL)
      ? [{ path: path || '/', messageKey: 'api.invalidBody', message: t('api.invalidBody') }]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableText(item, `${path}/${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...unstorableText(key, `${path}/${escapePointer(key)}`),
      ...unstorableText(item, `${path}/${escapePointer(key)}`),
    ]);
  }
  return [];
}

/**
 * Whether `value`'s text anywhere holds what the database cannot store: unstorableText's question
 * without building its errors, for every call's check (no allocation when the answer is no: issue 20
 * point 5).
 */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  for (const key of Object.keys(value))
    if (key.includes(NUL) || holdsUnstorableText((value as Record<string, unknown>)[key])) return true;
  return false;
}
