import type { FieldError } from '../../validation/fieldErrors';

export interface ErrorLine {
  line: number;
  column: number;
  message: string;
}

/**
 * The lines a field's errors point at, from the validation run's errors (compile errors carry line and
 * column params). Lines outside the document are dropped; one line with several errors joins them.
 */
export function errorLines(
  errors: readonly FieldError[] | undefined,
  path: string,
  lineCount: number,
): ErrorLine[] {
  const byLine = new Map<number, ErrorLine>();
  for (const error of errors ?? []) {
    if (error.path !== path) continue;
    const line = Number(error.params?.line);
    if (!Number.isInteger(line) || line < 1 || line > lineCount) continue;
    const column = Number(error.params?.column) || 1;
    const message = String(error.params?.message ?? error.message);
    const known = byLine.get(line);
    byLine.set(
      line,
      known
        ? { ...known, column: Math.min(known.column, column), message: `${known.message}\n${message}` }
        : { line, column, message },
    );
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}
