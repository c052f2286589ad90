import { type FlowFieldType, flowFieldTypes, parentTypes } from '../flow/fieldTypes';
import { plainFieldSchema } from '../flow/runtime/inputSchema';

type Schema = Record<string, unknown>;

const plainTypes = flowFieldTypes.filter((type) => !parentTypes.includes(type));

/** A JSON object: not null, not an array (what a schema, or an OpenAPI document's part, must be). */
export const isJsonObject = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The properties of an object schema, with those of its `allOf` parts merged in (OpenAPI 3 composition:
 * `allOf: [{ $ref: Base }, { properties: … }]`); undefined when it describes no properties.
 */
export function objectShape(schema: unknown): { properties: Schema; required: Set<string> } | undefined {
  if (!isJsonObject(schema)) return undefined;
  const properties: Schema = {};
  const required = new Set<string>();
  const merge = (part: Schema, depth: number) => {
    if (depth > 8) return;
    for (const inner of Array.isArray(part.allOf) ? part.allOf : [])
      if (isJsonObject(inner)) merge(inner, depth + 1);
    if (isJsonObject(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required))
      for (const key of part.required) if (typeof key === 'string') required.add(key);
  };
  merge(schema, 0);
  return Object.keys(properties).length > 0 ? { properties, required } : undefined;
}

/** A schema's JSON type, the first that is not null (`["string", "null"]` is a string). */
function jsonType(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  // Properties without a type, or an allOf whose parts describe properties, are an object.
  if ((schema.properties && typeof schema.properties === 'object') || objectShape(schema)) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const same = (left: unknown, right: unknown) => left === right;

/**
 * The flow field type of a JSON Schema (an OpenAPI description's parameter, property or answer), the
 * mapping of plainFieldSchema (src/domain/flow/runtime/inputSchema.ts) read backwards (issue 30 point 3):
 * a schema as describeRestApi writes one comes back as the type it was written for (type, format,
 * pattern and bounds alike); otherwise OpenAPI's formats decide (int64 a Longnumber, date a DateOnly,
 * date-time a DateTime, uuid a Guid), an object is an Object, a list an Array, and anything else a
 * String.
 */
export function fieldTypeOfSchema(schema: unknown): FlowFieldType {
  if (!schema || typeof schema !== 'object') return 'String';
  const given = schema as Schema;
  const type = jsonType(given);
  if (type === 'object') return 'Object';
  if (type === 'array') return 'Array';
  const written = plainTypes.find((plain) => {
    const mapped = plainFieldSchema(plain);
    return (
      mapped.type === type &&
      same(mapped.format, given.format) &&
      same(mapped.pattern, given.pattern) &&
      same(mapped.minimum, given.minimum) &&
      same(mapped.maximum, given.maximum)
    );
  });
  if (written) return written;
  if (type === 'integer') return given.format === 'int64' ? 'Longnumber' : 'Number';
  if (type === 'number') return 'Decimal';
  if (type === 'boolean') return 'Boolean';
  if (type === 'string') {
    if (given.format === 'date') return 'DateOnly';
    if (given.format === 'date-time') return 'DateTime';
    if (given.format === 'uuid') return 'Guid';
  }
  return 'String';
}
