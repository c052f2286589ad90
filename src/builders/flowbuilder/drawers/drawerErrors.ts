import type { FieldError } from '../../../validation/fieldErrors';

/**
 * Block errors (paths `/<block guid>/Config/...`, src/domain/flow/rules) as errors of a drawer's value:
 * the errors below `inner` (the part of the block the drawer edits), each moved to the first place whose
 * block path it is at or below (`[block path, value path]`, block paths relative to `inner`); errors at no
 * listed place are left out.
 * @example atDrawer(errors, '/Config/Fields/2', [['/Validation/MaxLength', '/MaxLength'], ['/Name', '/Name']])
 */
export function atDrawer(
  errors: readonly FieldError[],
  inner: string,
  places: ReadonlyArray<readonly [string, string]>,
): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = error.path.slice(error.path.indexOf('/', 1));
    if (path !== inner && !path.startsWith(`${inner}/`)) continue;
    const rest = path.slice(inner.length);
    const place = places.find(([from]) => rest === from || rest.startsWith(`${from}/`) || from === '');
    if (place) out.push({ ...error, path: place[1] });
  }
  return out;
}

/**
 * Block errors below `inner`, with paths relative to it (the drawer's value is that part of the block as
 * it is: check groups, filters, output).
 */
export function below(errors: readonly FieldError[], inner: string, to = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = error.path.slice(error.path.indexOf('/', 1));
    if (path !== inner && !path.startsWith(`${inner}/`)) return [];
    return [{ ...error, path: `${to}${path.slice(inner.length)}` }];
  });
}
