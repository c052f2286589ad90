const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value with every object's keys in code-point order, at every depth; arrays keep their order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/**
 * The text of an exported file (issue 31 point 3): keys in a stable order, two-space indent and a final
 * newline, so the same definition always writes the same bytes and a folder of them diffs cleanly in git.
 * @example stableJson({ b: 1, a: { d: 2, c: 3 } }) // '{\n  "a": {\n    "c": 3,\n    "d": 2\n  },\n  "b": 1\n}\n'
 */
export const stableJson = (value: unknown): string => `${JSON.stringify(sortKeys(value), null, 2)}\n`;
