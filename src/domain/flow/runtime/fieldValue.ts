/**
 * A flow field's value by its name (spec part 2 §3 'Field definition': "a parent path plus the child
 * name, dotted for nesting"). The publish rules accept any name the block's scope holds, and a start
 * block's nested fields are in scope under their dotted names (`customer.first`), so every block that
 * names a flow field — a mapping's source, a condition, a result's output — reads it the same way: the
 * variable of that name, else a walk from its top-level object; through an array the walk collects each
 * item's value and skips the array's element name (`lines.line.qty` → the qty of each line). Names
 * compare ignoring case.
 *
 * Answers undefined when the call never gave the field, and null when it gave null: a write leaves a
 * column whose input was absent alone (issue 30 point 7).
 */
export type FlowVariables = ReadonlyMap<string, { value: unknown }>;

export function fieldValue(variables: FlowVariables, name: string): unknown {
  const direct = variables.get(name.toLowerCase());
  if (direct) return direct.value;
  if (!name.includes('.')) return undefined;
  const [head, ...rest] = name.split('.');
  let value: unknown = variables.get((head ?? '').toLowerCase())?.value;
  for (const segment of rest) value = child(value, segment);
  return value;
}

function child(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => child(item, segment));
    // The array's element (its one Object child) is named but not a level of the JSON.
    return items.every((item) => item === undefined) ? value : items;
  }
  if (value && typeof value === 'object') {
    const entry = Object.entries(value).find(([key]) => key.toLowerCase() === segment.toLowerCase());
    return entry?.[1];
  }
  return undefined;
}
