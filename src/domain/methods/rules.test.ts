import { describe, expect, it } from 'vitest';
import { form } from '../../../generated/forms/Method';
import type { components } from '../../../generated/uiservices';
import { runValidation } from '../../engine/form/runValidation';
import { methodRules } from './rules';

type Method = components['schemas']['Method'];

const method = (overrides: Partial<Method> = {}): Method => ({
  Guid: '0f0e0d0c-0b0a-4909-8807-060504030201',
  Name: 'GetCustomer',
  FlowConnectionGuid: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
  Type: 'Stored Procedure',
  Script: 'demo.get_customer',
  Input: [{ Name: 'p_id', Type: 'Number', Validation: { Required: true } }],
  Output: [{ Name: 'name', Type: 'String', Validation: { Max: 100 } }],
  ...overrides,
});

const keys = (value: Method) =>
  runValidation(
    form,
    value,
    { peers: { methods: [{ id: 'other', name: 'Taken_name' }] } },
    methodRules as never,
  ).map((entry) => `${entry.path} ${entry.messageKey}`);

describe('method rules (spec part 1 §5 "Method")', () => {
  it.each<[string, Partial<Method>, string[]]>([
    ['a valid method', {}, []],
    ['no inputs on a write method → noInputSet', { Input: [] }, ['/Input noInputSet']],
    ['no inputs on a read method is fine', { Input: [], IsRead: true }, []],
    ['no outputs without full output → noOutputSet', { Output: [] }, ['/Output noOutputSet']],
    ['no outputs with full output is fine', { Output: [], FullOutput: true }, []],
    [
      'a string output without max length → noMaxlengthOutputField',
      {
        Output: [
          { Name: 'name', Type: 'String' },
          { Name: 'note', Type: 'Text' },
        ],
      },
      ['/Output/0/Validation/Max noMaxlengthOutputField'],
    ],
    ['no stored procedure → scriptEmpty', { Script: '' }, ['/Script scriptEmpty']],
    ['a blank stored procedure → scriptEmpty', { Script: '  ' }, ['/Script scriptEmpty']],
    ['a null stored procedure → scriptEmpty', { Script: null }, ['/Script scriptEmpty']],
    [
      'field name empty',
      { Input: [{ Name: '', Type: 'Number' }] },
      ['/Input/0/Name method.validation.fieldNameEmpty'],
    ],
    [
      'field name short',
      { Input: [{ Name: 'a', Type: 'Number' }] },
      ['/Input/0/Name method.validation.fieldNameIsShort'],
    ],
    [
      'field name with a space',
      { Input: [{ Name: 'p id', Type: 'Number' }] },
      ['/Input/0/Name method.validation.fieldNameContainsSpace'],
    ],
    [
      'duplicate field names, ignoring case',
      {
        Input: [
          { Name: 'p_id', Type: 'Number' },
          { Name: 'P_ID', Type: 'Number' },
        ],
      },
      ['/Input/1/Name method.validation.fieldNameNotUnique'],
    ],
    [
      'field type unknown',
      { Input: [{ Name: 'p_id', Type: 'Integer' as never }] },
      ['/Input/0/Type fieldTypeError'],
    ],
    ['field type missing', { Input: [{ Name: 'p_id' } as never] }, ['/Input/0/Type fieldTypeError']],
    ['name empty (part 1 §5 names)', { Name: '' }, ['/Name method.validation.nameEmpty']],
    ['name short', { Name: 'x' }, ['/Name method.validation.nameIsShort']],
    [
      'name with a space (part 1 §5 names)',
      { Name: 'Get customer' },
      ['/Name method.validation.nameContainsSpace'],
    ],
    [
      'name taken on this connection, ignoring case',
      { Name: 'taken_NAME' },
      ['/Name method.validation.nameNotUnique'],
    ],
    ['name with other characters', { Name: 'get-customer' }, ['/Name method.validation.nameInvalid']],
  ])('%s', (_case, overrides, expected) => {
    expect(keys(method(overrides))).toEqual(expected);
  });
});
