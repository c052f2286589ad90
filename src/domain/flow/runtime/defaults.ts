import { flowType, leafOf, STATIC_VALUE } from '../fieldTypes';
import type { FlowField } from '../types';
import { toDateOnly, toDateTime } from './dates';
import { fieldTree } from './inputSchema';
import { canonical, isSetValue } from './values';

/**
 * Default values (spec part 2 §3 'Field options': "Default types: new GUID, current date, current date
 * and time, current user, static value"), the keys of the DefaultValueTypes setting. The same keys are
 * what an ADD block's System values name (spec part 2 §2 drawer 4).
 */
export interface DefaultContext {
  /** ms since the epoch. */
  now: number;
  newGuid(): string;
  /** Who calls: the API user's name (a production call) or the console user's (a test run). */
  user: string | null;
}

/**
 * Every system value, keyed by its DefaultValueTypes key; `type` is the field's. An unknown key has
 * no value (undefined): the compiler refuses a flow naming one.
 */
export const systemValues: Record<
  string,
  (type: string | null | undefined, context: DefaultContext) => unknown
> = {
  NewGuid: (_type, context) => context.newGuid(),
  CurrentDate: (type, context) =>
    flowType(type) === 'DateTime' ? toDateTime(Date.parse(toDateOnly(context.now))) : toDateOnly(context.now),
  CurrentDateTime: (_type, context) => toDateTime(context.now),
  CurrentUser: (_type, context) => context.user,
};

/** A field's default now, or undefined when it has none. */
export function defaultValue(field: Pick<FlowField, 'Type' | 'Default'>, context: DefaultContext): unknown {
  const kind = field.Default?.Type;
  if (!kind) return undefined;
  if (kind === STATIC_VALUE) return canonical(field.Type, field.Default?.Value ?? null);
  const system = systemValues[kind];
  return system ? system(field.Type, context) : undefined;
}

/**
 * The input with every missing field that has a default filled, and every value in its type's canonical
 * form (src/domain/flow/runtime/values.ts), walking objects and each item of arrays. A value the schema
 * accepted is always convertible; anything else is kept as given.
 */
export function completeInput(
  fields: readonly FlowField[],
  input: Record<string, unknown>,
  context: DefaultContext,
): Record<string, unknown> {
  // `shared`: the object may be answered as it is when nothing in it changes (the input itself, whose
  // identity the kept call data uses: server/runtime/callData.ts); an object inside is always a copy.
  const fill = (nodes: ReturnType<typeof fieldTree>, object: Record<string, unknown>, shared = false) => {
    let out: Record<string, unknown> = shared ? object : { ...object };
    for (const node of nodes) {
      const name = leafOf(node.field.Name);
      let value = out[name];
      if (!isSetValue(value)) {
        const fallback = defaultValue(node.field, context);
        if (fallback !== undefined) value = fallback;
      }
      const type = flowType(node.field.Type);
      if (type === 'Object' && value && typeof value === 'object' && !Array.isArray(value))
        value = fill(node.children, value as Record<string, unknown>);
      else if (type === 'Array' && Array.isArray(value)) {
        const element = node.children[0];
        value = element
          ? value.map((item) =>
              item && typeof item === 'object'
                ? fill(element.children, item as Record<string, unknown>)
                : item,
            )
          : value;
      } else if (value !== undefined) {
        const normal = canonical(node.field.Type, value);
        if (normal !== undefined) value = normal;
      }
      if (value !== undefined && !(out === object && Object.is(out[name], value))) {
        if (out === object) out = { ...object };
        out[name] = value;
      }
    }
    return out;
  };
  return fill(fieldTree(fields), input, true);
}
