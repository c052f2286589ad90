import type { FlowBlock } from '../types';
import { fieldValue } from './fieldValue';
import { isSetValue } from './values';

/**
 * What a flow answers (spec part 2 §3 'Block' result: is_array, ignore_nulls, full_output, output
 * aliases):
 * - full output: every flow field, under its name;
 * - otherwise the result's output fields, each under its alias (its name when it has none);
 * - ignore nulls: fields without a value are left out;
 * - is array: the answer is a list. When the last read answered many rows (a read without first match),
 *   each row makes one element with the flow fields around it; otherwise the one object is wrapped.
 */
export interface ResultInput {
  /** The flow fields by name as the flow set them (the latest of one name wins). */
  variables: ReadonlyMap<string, { name: string; value: unknown }>;
  /** Rows of the last read without first match, each with its output fields by alias; null when none. */
  rows: ReadonlyArray<ReadonlyMap<string, { name: string; value: unknown }>> | null;
}

function shape(
  block: Pick<FlowBlock, 'Config' | 'Output'>,
  lookup: (name: string) => unknown,
  all: () => Iterable<{ name: string; value: unknown }>,
): Record<string, unknown> {
  const ignoreNulls = block.Config?.IgnoreNulls === true;
  const out: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => {
    if (ignoreNulls && !isSetValue(value)) return;
    out[name] = value === undefined ? null : value;
  };
  if (block.Config?.FullOutput === true) for (const entry of all()) put(entry.name, entry.value);
  else for (const field of block.Output ?? []) put(field.Alias || field.Name, lookup(field.Name) ?? null);
  return out;
}

export function shapeResult(block: Pick<FlowBlock, 'Config' | 'Output'>, input: ResultInput): unknown {
  // An output names a flow field as the publish rules accept it: nested names too (fieldValue.ts).
  const flow = (name: string) => fieldValue(input.variables, name);
  if (block.Config?.IsArray === true && input.rows) {
    return input.rows.map((row) =>
      shape(
        block,
        (name) => {
          const own = row.get(name.toLowerCase());
          return own ? own.value : flow(name);
        },
        () => new Map([...input.variables, ...row]).values(),
      ),
    );
  }
  const single = shape(block, flow, () => input.variables.values());
  return block.Config?.IsArray === true ? [single] : single;
}
