import { type FlowFieldType, flowFieldTypes, parentTypes } from '../flow/fieldTypes';
import { plainFieldSchema } from '../flow/runtime/inputSchema';

type Schema = Record<string, unknown>;

const plainTypes = flowFieldTypes.filter((type) => !parentTypes.includes(type));

/** A schema's JSON type, the first that is not null (`["string", "null"]` is a string). */
function jsonType(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  if (schema.properties && typeof schema.properties === 'object') return 'object';
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
