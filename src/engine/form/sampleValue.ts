/**
 * A plausible value for a schema, for stories and tests: required strings get text that passes name
 * rules, enums their first value, numbers their minimum, arrays one item where they need one. Optional
 * properties are filled too, so a 'filled' story shows every input.
 */
type Schema = Record<string, unknown>;

const GUID = '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01';

export function sampleValue(
  schema: Schema,
  defs: Record<string, Schema> = {},
  depth = 0,
  name = 'Example',
): unknown {
  if (depth > 6) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = defs[schema.$ref.replace('#/$defs/', '')];
    return target ? sampleValue({ ...target, ...withoutRef(schema) }, defs, depth + 1, name) : undefined;
  }
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null);
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (child.readOnly) continue;
        const value = sampleValue(child, defs, depth + 1, key);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      if (min === 0 && depth > 1) return [];
      const item = sampleValue((schema.items ?? {}) as Schema, defs, depth + 1, name);
      return item === undefined ? [] : [item];
    }
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'string': {
      if (typeof schema.pattern === 'string' && schema.pattern.includes('[0-9a-fA-F]{8}')) return GUID;
      if (schema.format === 'email') return 'anna@example.com';
      if (schema.format === 'date-time') return '2026-11-21T10:30:00Z';
      if (schema.pattern === '^[0-9]{6}$') return '123456';
      const text = `${name.replace(/[^A-Za-z0-9_]/g, '')}_1`;
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
    }
    default:
      return undefined;
  }
}

function withoutRef(schema: Schema): Schema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}
