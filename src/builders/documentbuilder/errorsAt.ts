/** The error texts of one row of a table field, from RJSF's nested error schema (all depths below it). */
export function errorsAt(errorSchema: unknown, index: number): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '__errors') out.push(...(Array.isArray(value) ? (value as string[]) : []));
      else walk(value);
    }
  };
  walk((errorSchema as Record<string, unknown> | undefined)?.[index]);
  return out;
}
