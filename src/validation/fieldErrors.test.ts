import { describe, expect, it } from 'vitest';
import { createAjv } from './createAjv';
import { fieldErrors } from './fieldErrors';

const ajv = createAjv();

function errorsOf(property: object, value: unknown, required = false) {
  const schema = {
    type: 'object',
    properties: { Field: property },
    ...(required ? { required: ['Field'] } : {}),
  };
  const validate = ajv.compile(schema);
  validate(value === undefined ? {} : { Field: value });
  return fieldErrors(validate.errors, () => undefined).map(({ path, messageKey, message }) => ({
    path,
    messageKey,
    message,
  }));
}

describe('standard keywords speak for themselves (issue 19 point 4; spec part 1 §5 "Metadata document")', () => {
  it.each([
    // [keyword, property schema, value, key, text]
    ['required (part 1 §5)', { type: 'string' }, undefined, 'enterValue', 'Please enter a value'],
    ['minLength 1 = not empty', { type: 'string', minLength: 1 }, '', 'enterValue', 'Please enter a value'],
    ['minLength', { type: 'string', minLength: 3 }, 'ab', 'validation.minLength', 'At least 3 characters'],
    ['maxLength', { type: 'string', maxLength: 5 }, 'abcdef', 'validation.maxLength', 'At most 5 characters'],
    ['maxLength 1', { type: 'string', maxLength: 1 }, 'ab', 'validation.maxLength', 'At most 1 character'],
    [
      'pattern',
      { type: 'string', pattern: '^a' },
      'b',
      'validation.pattern',
      'Please enter a value in the expected form',
    ],
    [
      'format uri',
      { type: 'string', format: 'uri' },
      'not a url',
      'validation.format.uri',
      'Please enter a valid URL',
    ],
    [
      'format email',
      { type: 'string', format: 'email' },
      'x@',
      'validation.format.email',
      'Please enter a valid e-mail address',
    ],
    [
      'format date-time',
      { type: 'string', format: 'date-time' },
      'yesterday',
      'typeError.dateTime',
      'Enter a valid date and time',
    ],
    [
      'format uuid',
      { type: 'string', format: 'uuid' },
      '12-34',
      'typeError.guid',
      'Enter a GUID in the form 8-4-4-4-12 hexadecimal digits',
    ],
    ['enum (part 1 §5)', { type: 'string', enum: ['a', 'b'] }, 'c', 'chooseValue', 'Please choose a value'],
    [
      'minimum, integer',
      { type: 'integer', minimum: 2 },
      1,
      'enterIntegerWithMin',
      'Please enter a whole number of at least 2',
    ],
    [
      'maximum, integer',
      { type: 'integer', maximum: 9 },
      10,
      'enterIntegerWithMax',
      'Please enter a whole number of at most 9',
    ],
    [
      'minimum, number',
      { type: 'number', minimum: 0.5 },
      0.1,
      'validation.minimum',
      'Please enter a number of at least 0.5',
    ],
    [
      'maximum, number',
      { type: 'number', maximum: 2.5 },
      3,
      'validation.maximum',
      'Please enter a number of at most 2.5',
    ],
    ['minItems', { type: 'array', minItems: 2 }, [1], 'validation.minItems', 'Add at least 2 entries'],
    ['minItems 1', { type: 'array', minItems: 1 }, [], 'validation.minItems', 'Add at least 1 entry'],
    ['maxItems', { type: 'array', maxItems: 2 }, [1, 2, 3], 'validation.maxItems', 'At most 2 entries'],
    [
      'uniqueItems',
      { type: 'array', uniqueItems: true },
      [1, 1],
      'validation.uniqueItems',
      'Each entry must be different',
    ],
  ])('%s', (_keyword, property, value, key, text) => {
    expect(errorsOf(property, value, value === undefined)).toEqual([
      { path: '/Field', messageKey: key, message: text },
    ]);
  });

  it('x-messages overrides the default', () => {
    expect(
      errorsOf({ type: 'string', minLength: 3, 'x-messages': { minLength: 'chooseValue' } }, 'ab'),
    ).toEqual([{ path: '/Field', messageKey: 'chooseValue', message: 'Please choose a value' }]);
  });
});
