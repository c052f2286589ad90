import { describe, expect, it } from 'vitest';
import { flowFieldTypes } from '../flow/fieldTypes';
import { plainFieldSchema } from '../flow/runtime/inputSchema';
import { withoutExtensions } from './describeRestApi';
import { fieldTypeOfSchema } from './fieldTypeOfSchema';

// Issue 30 point 3: imported operations' fields typed "the way src/domain/openapi maps them", read backwards.
describe('fieldTypeOfSchema (issue 30 point 3)', () => {
  it.each([
    ['integer int32 (spec part 2 §5 Type formats: Number)', { type: 'integer', format: 'int32' }, 'Number'],
    ['integer int64 (spec part 2 §5: Longnumber)', { type: 'integer', format: 'int64' }, 'Longnumber'],
    ['integer without format (OpenAPI 3 §4.4 Data Types)', { type: 'integer' }, 'Number'],
    ['number (spec part 2 §5: Decimal)', { type: 'number', format: 'double' }, 'Decimal'],
    ['boolean (spec part 2 §5)', { type: 'boolean' }, 'Boolean'],
    ['string date (spec part 2 §5: DateOnly)', { type: 'string', format: 'date' }, 'DateOnly'],
    ['string date-time (spec part 2 §5: DateTime)', { type: 'string', format: 'date-time' }, 'DateTime'],
    ['string uuid (spec part 2 §5: Guid)', { type: 'string', format: 'uuid' }, 'Guid'],
    ['string (spec part 2 §5)', { type: 'string' }, 'String'],
    ['nullable in 3.1 style (OpenAPI 3.1 §4.3)', { type: ['null', 'integer'] }, 'Number'],
    ['object (spec part 2 §3: a parent)', { type: 'object', properties: { a: {} } }, 'Object'],
    ['properties without type (OpenAPI 3 §4.8.24)', { properties: { a: {} } }, 'Object'],
    [
      'allOf parts with properties (OpenAPI 3 §4.8.24 composition)',
      { allOf: [{ properties: { a: {} } }, { required: ['a'] }] },
      'Object',
    ],
    ['array (spec part 2 §3: a parent)', { type: 'array', items: { type: 'string' } }, 'Array'],
    ['no schema (issue 30 §3)', undefined, 'String'],
  ])('%s', (_label, schema, expected) => {
    expect(fieldTypeOfSchema(schema)).toBe(expected);
  });

  // What describeRestApi writes for each plain type reads back as that type, Text aside (it is a String
  // on the wire, issue 31 point 1).
  it.each(flowFieldTypes.filter((type) => type !== 'Object' && type !== 'Array' && type !== 'Text'))(
    'reads back %s as describeRestApi writes it (issue 31 point 1)',
    (type) => {
      expect(fieldTypeOfSchema(withoutExtensions(plainFieldSchema(type)))).toBe(type);
    },
  );
});
