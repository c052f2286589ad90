/**
 * A value of a diff as one short line: text as is, other values as JSON, long ones cut with an ellipsis.
 * @example formatValue({ Name: 'Zip' }) // '{"Name":"Zip"}'
 */
export function formatValue(value: unknown, max = 160): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
