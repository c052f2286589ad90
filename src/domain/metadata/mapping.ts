/**
 * Whether a value of one field type may be mapped to another (spec part 2 §5 'Mapping and comparison':
 * types must match; number may map to long number, string to text).
 */
export function canMap(source: string, target: string): boolean {
  if (source === target) return true;
  return (source === 'Number' && target === 'Longnumber') || (source === 'String' && target === 'Text');
}

/** A source max length must not exceed the target's (spec part 2 §5 'Mapping and comparison'). */
export function maxLengthFits(source: number | null | undefined, target: number | null | undefined): boolean {
  if (typeof target !== 'number') return true;
  return typeof source === 'number' && source <= target;
}
