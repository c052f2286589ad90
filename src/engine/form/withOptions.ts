import type { UiSchema } from '@rjsf/utils';

/**
 * A declared UI schema with data-dependent `ui:options` merged into top-level properties (the fields a
 * picker offers, the inputs a mapping maps): the declaration says how a field is drawn, the drawer what
 * it is drawn from.
 */
export function withOptions(uiSchema: UiSchema, options: Record<string, Record<string, unknown>>): UiSchema {
  const out: UiSchema = { ...uiSchema };
  for (const [name, extra] of Object.entries(options)) {
    const entry = (uiSchema[name] ?? {}) as UiSchema;
    out[name] = { ...entry, 'ui:options': { ...(entry['ui:options'] ?? {}), ...extra } };
  }
  return out;
}
