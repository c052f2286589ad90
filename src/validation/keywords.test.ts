import { describe, expect, it } from 'vitest';
import { createAjv } from './createAjv';
import { fieldErrors } from './fieldErrors';

const ajv = createAjv();
const compile = (schema: object) => {
  const validate = ajv.compile(schema);
  return (data: unknown, context?: object) => {
    validate.call(context, data);
    return fieldErrors(validate.errors, () => undefined).map((error) => [error.path, error.messageKey]);
  };
};

describe('custom keywords of the shared Ajv', () => {
  it('x-unique: siblings unique by name, ignoring case, each duplicate reported (part 2 §5 "Field definition")', () => {
    const check = compile({ type: 'array', 'x-unique': { by: 'Name', message: 'fieldNameExists' } });
    expect(
      check([{ Name: 'id' }, { Name: 'ID' }, { Name: 'name' }, { Name: 'Name' }, { Name: 'x' }]),
    ).toEqual([
      ['/1/Name', 'fieldNameExists'],
      ['/3/Name', 'fieldNameExists'],
    ]);
    expect(check([{ Name: 'a' }, { Name: 'b' }])).toEqual([]);
  });

  it('x-unique-among: unique among peers from the context, excluding the item itself (part 1 §5)', () => {
    const check = compile({
      type: 'object',
      properties: {
        Name: {
          type: 'string',
          'x-unique-among': { peers: 'documents', id: 'Guid', message: 'docNameNotUnique' },
        },
      },
    });
    const context = {
      peers: {
        documents: [
          { id: 'a', name: 'Orders' },
          { id: 'b', name: 'Lines' },
        ],
      },
    };
    expect(check({ Guid: 'c', Name: 'orders' }, context)).toEqual([['/Name', 'docNameNotUnique']]);
    expect(check({ Guid: 'a', Name: 'ORDERS' }, context)).toEqual([]);
    // Without peers in the context there is nothing to compare with.
    expect(check({ Guid: 'c', Name: 'orders' })).toEqual([]);
  });

  it('x-allowed-when: options only for the types that take them (part 1 §5 "Field editor")', () => {
    const check = compile({
      type: 'object',
      properties: {
        Type: { type: 'string' },
        Regex: {
          type: ['string', 'null'],
          'x-allowed-when': { field: 'Type', in: ['String', 'Password'], message: 'fieldTypeError' },
        },
      },
    });
    expect(check({ Type: 'String', Regex: '^a' })).toEqual([]);
    expect(check({ Type: 'Number', Regex: '^a' })).toEqual([['/Regex', 'fieldTypeError']]);
    expect(check({ Type: 'Number', Regex: '' })).toEqual([]);
  });

  it('x-child-names: children are the parent path plus one segment (part 1 §3 "dotted paths")', () => {
    const check = compile({
      type: 'object',
      'x-child-names': { children: 'Elements', name: 'Name', message: 'fieldNameExists' },
    });
    expect(
      check({
        Name: 'address',
        Elements: [{ Name: 'address.street' }, { Name: 'street' }, { Name: 'address.a.b' }],
      }),
    ).toEqual([
      ['/Elements/1/Name', 'fieldNameExists'],
      ['/Elements/2/Name', 'fieldNameExists'],
    ]);
  });

  it('x-clean: only the characters the kind of name keeps (part 1 §5 "Name cleaning")', () => {
    const check = compile({ type: 'string', 'x-clean': { kind: 'script', message: 'enterValue' } });
    expect(check('my.script')).toEqual([]);
    expect(check('.my script')).toEqual([['', 'enterValue']]);
  });

  it('x-clean with x-name on a field name: a space is only the contains-space error (part 1 §5 "Method": field rules; issue 33 point 5)', () => {
    const check = compile({
      type: 'string',
      'x-name': {
        empty: 'method.validation.fieldNameEmpty',
        short: 'method.validation.fieldNameIsShort',
        space: 'method.validation.fieldNameContainsSpace',
      },
      'x-clean': { kind: 'nested', message: 'method.validation.fieldNameInvalid' },
    });
    expect(check('my field')).toEqual([['', 'method.validation.fieldNameContainsSpace']]);
    expect(check('my-field')).toEqual([['', 'method.validation.fieldNameInvalid']]);
    expect(check('my_field.v2')).toEqual([]);
  });

  it('x-json: text that parses as JSON of the type (part 2 §8 "Please enter valid JSON")', () => {
    const check = compile({ type: 'string', 'x-json': { type: 'object', message: 'fb.config.invalidJson' } });
    expect(check('{"properties": {}}')).toEqual([]);
    expect(check('{"properties": ')).toEqual([['', 'fb.config.invalidJson']]);
    expect(check('[1]')).toEqual([['', 'fb.config.invalidJson']]);
    expect(check('null')).toEqual([['', 'fb.config.invalidJson']]);
    expect(compile({ type: 'string', 'x-json': { type: 'array', message: 'enterValue' } })('[]')).toEqual([]);
  });

  it('x-name: one error with the first rule broken (part 1 §5 "Metadata document": docNameEmpty, docNameIsShort, docNameContainsSpace)', () => {
    const check = compile({
      type: 'string',
      'x-name': { empty: 'docNameEmpty', short: 'docNameIsShort', space: 'docNameContainsSpace' },
    });
    expect(check('')).toEqual([['', 'docNameEmpty']]);
    expect(check('a')).toEqual([['', 'docNameIsShort']]);
    expect(check('a b')).toEqual([['', 'docNameContainsSpace']]);
    expect(check('ab')).toEqual([]);
  });

  it('x-messages: the schema names the key of a plain keyword error', () => {
    const check = compile({
      type: 'object',
      required: ['Name'],
      properties: {
        Name: {
          type: 'string',
          minLength: 2,
          'x-messages': { required: 'docNameEmpty', minLength: 'docNameIsShort' },
        },
      },
    });
    expect(check({})).toEqual([['/Name', 'docNameEmpty']]);
    expect(check({ Name: 'a' })).toEqual([['/Name', 'docNameIsShort']]);
  });
});
