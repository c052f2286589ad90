import type { RJSFSchema, UiSchema } from '@rjsf/utils';

type AllowedWhen = { field: string; in: readonly string[] };

const isSet = (value: unknown) =>
  !(
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );

/** Whether an option with x-allowed-when is allowed by the value's deciding field. */
export function isAllowed(propertySchema: unknown, value: Record<string, unknown>): boolean {
  const rule = (propertySchema as { 'x-allowed-when'?: AllowedWhen } | undefined)?.['x-allowed-when'];
  return !rule || rule.in.includes(String(value[rule.field]));
}

/**
 * The UI schema with every option the value does not allow hidden (x-allowed-when, spec part 1 §5 'Field
 * editor': options only for the types that take them). An option that is set anyway stays visible, so its
 * error shows where it can be cleared.
 */
export function hideDisallowed(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  value: Record<string, unknown>,
): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const out: UiSchema = { ...uiSchema };
  for (const [name, property] of Object.entries(properties)) {
    if (isAllowed(property, value) || isSet(value[name])) continue;
    out[name] = { ...(uiSchema[name] as UiSchema | undefined), 'ui:widget': 'hidden' };
  }
  return out;
}
