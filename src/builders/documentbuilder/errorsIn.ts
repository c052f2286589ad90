/** The error texts RJSF's nested error schema holds at one path (not below it). */
export function errorsIn(errorSchema: unknown, ...path: Array<string | number>): string[] {
  let node = errorSchema as Record<string, unknown> | undefined;
  for (const part of path) node = node?.[String(part)] as Record<string, unknown> | undefined;
  return Array.isArray(node?.__errors) ? (node.__errors as string[]) : [];
}
