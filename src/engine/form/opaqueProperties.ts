import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** Top-level properties whose UI schema says `"ui:options": { "opaque": true }`. */
export function opaqueNames(uiSchema: UiSchema): string[] {
  return Object.entries(uiSchema)
    .filter(
      ([name, entry]) => !name.startsWith('ui:') && (entry as UiSchema)?.['ui:options']?.opaque === true,
    )
    .map(([name]) => name);
}

/**
 * The schema RJSF renders with: a property whose UI schema says `"ui:options": { "opaque": true }` is
 * drawn whole by a custom field (a field list of hundreds of fields), so SchemaForm keeps its value out of
 * RJSF's data (heldValues.ts) and RJSF sees a bare value of its type. RJSF then neither clones, compares
 * nor walks it for defaults on every keystroke elsewhere in the form. Validation is untouched: it runs the
 * precompiled validator of the full schema on the whole value.
 */
export function opaqueProperties(schema: RJSFSchema, uiSchema: UiSchema): RJSFSchema {
  const properties = schema.properties as Record<string, RJSFSchema> | undefined;
  if (!properties) return schema;
  let changed = false;
  const next: Record<string, RJSFSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    const options = (uiSchema[name] as UiSchema | undefined)?.['ui:options'] as
      | { opaque?: boolean }
      | undefined;
    if (options?.opaque && typeof property === 'object') {
      changed = true;
      next[name] = {
        type: property.type ?? 'array',
        ...(property.title ? { title: property.title } : {}),
      };
    } else next[name] = property;
  }
  return changed ? { ...schema, properties: next } : schema;
}
