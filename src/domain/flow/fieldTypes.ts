import type { DefaultValueType } from './types';

/**
 * Field types in flows (spec part 2 §3 'Field types': Array and Object are parents in flow contexts,
 * Text is allowed in flow and flow start contexts; the metadata-only types are not).
 */
export const flowFieldTypes = [
  'String',
  'Text',
  'Number',
  'Longnumber',
  'Decimal',
  'Boolean',
  'DateOnly',
  'DateTime',
  'Guid',
  'Object',
  'Array',
] as const;

export type FlowFieldType = (typeof flowFieldTypes)[number];

/** Types that hold children (spec part 2 §3: Array and Object are parents). */
export const parentTypes: readonly string[] = ['Object', 'Array'];

// Keyed by the exact name too: stored flows spell types as the list does, so most lookups allocate nothing.
const known = new Map<string, FlowFieldType>(
  flowFieldTypes.flatMap((type) => [
    [type.toLowerCase(), type],
    [type, type],
  ]),
);

/** The flow type a (case-insensitive) type name stands for, or undefined when not a flow type. */
export function flowType(type: string | null | undefined): FlowFieldType | undefined {
  return type ? (known.get(type) ?? known.get(type.trim().toLowerCase())) : undefined;
}

export const isParentType = (type: string | null | undefined) => {
  const normal = flowType(type);
  return normal !== undefined && parentTypes.includes(normal);
};

/** The static-value default type's key in the DefaultValueTypes setting. */
export const STATIC_VALUE = 'StaticValue';

/** Types a static value may take when the setting does not say: every plain type. */
const plainTypes = flowFieldTypes.filter((type) => !parentTypes.includes(type));

/** Whether a static value is offered for a type (spec part 2 §2 drawer 4: "Static is offered only for types that allow it"). */
export function staticAllowed(
  type: string | null | undefined,
  defaults: readonly DefaultValueType[],
): boolean {
  const normal = flowType(type);
  if (!normal) return false;
  const entry = defaults.find((item) => item.Key === STATIC_VALUE);
  const types = entry?.Types ?? plainTypes;
  return types.some((allowed) => allowed.toLowerCase() === normal.toLowerCase());
}

/** System default value types permitted for a type (spec part 2 §2 drawer 4: "System shows a select of the system default value types"). */
export function systemValuesFor(
  type: string | null | undefined,
  defaults: readonly DefaultValueType[],
): DefaultValueType[] {
  const normal = flowType(type)?.toLowerCase();
  if (!normal) return [];
  return defaults.filter(
    (item) =>
      item.Key !== STATIC_VALUE && (item.Types ?? []).some((allowed) => allowed.toLowerCase() === normal),
  );
}

/** The parent path of a dotted field name ('' for a top-level field). */
export const parentOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
};

/** The last segment of a dotted field name. */
export const leafOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** Whether `name` lies below `ancestor` in the dotted naming (spec part 2 §3 'Field definition'). */
export const isBelow = (name: string, ancestor: string) =>
  name.length > ancestor.length && name.startsWith(`${ancestor}.`);
