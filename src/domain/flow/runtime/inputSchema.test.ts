import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../validation/createAjv';
import { fieldErrors } from '../../../validation/fieldErrors';
import type { FlowField } from '../types';
import { completeInput, defaultValue } from './defaults';
import { inputSchema, queryInput } from './inputSchema';

const fields: FlowField[] = [
  { Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } },
  { Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 5 } },
  { Name: 'count', Type: 'Number' },
  { Name: 'big', Type: 'Longnumber' },
  { Name: 'amount', Type: 'Decimal' },
  { Name: 'active', Type: 'Boolean' },
  { Name: 'day', Type: 'DateOnly' },
  { Name: 'at', Type: 'DateTime' },
  { Name: 'note', Type: 'Text' },
  { Name: 'address', Type: 'Object' },
  { Name: 'address.city', Type: 'String', Validation: { IsRequired: true } },
  { Name: 'lines', Type: 'Array' },
  { Name: 'lines.line', Type: 'Object' },
  { Name: 'lines.line.sku', Type: 'String', Validation: { IsRequired: true } },
  { Name: 'ref', Type: 'Guid', Validation: { IsRequired: true }, Default: { Type: 'NewGuid' } },
];
const ajv = createAjv();
const validate = ajv.compile(inputSchema(fields));
const errorsOf = (input: unknown) => {
  validate(input);
  return fieldErrors(validate.errors, () => undefined).map((error) => `${error.path} ${error.messageKey}`);
};
const ok = { customerId: '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', name: 'Acme' };

describe('start input schema (spec part 2 §3 "Block" start: types, required, max length, nested fields)', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a valid minimal input', ok, []],
    ['required fields missing', {}, ['/customerId flow.input.required', '/name flow.input.required']],
    [
      'a guid of the wrong form (§5 "Type formats")',
      { ...ok, customerId: 'x' },
      ['/customerId typeError.guid'],
    ],
    ['max length exceeded', { ...ok, name: 'Acme Co' }, ['/name flow.input.tooLong']],
    ['Number beyond int32 (§9)', { ...ok, count: 2147483648 }, ['/count typeError.number']],
    ['Number not whole', { ...ok, count: 1.5 }, ['/count typeError.number']],
    ['Longnumber beyond the safe range', { ...ok, big: 2 ** 60 }, ['/big typeError.longnumber']],
    ['Decimal as text', { ...ok, amount: 'ten' }, ['/amount typeError.decimal']],
    ['Boolean as text', { ...ok, active: 'yes' }, ['/active typeError.boolean']],
    ['DateOnly not a date', { ...ok, day: '2026-13-40' }, ['/day typeError.date']],
    ['DateTime not a date-time', { ...ok, at: 'noon' }, ['/at typeError.dateTime']],
    ['an object missing its required child', { ...ok, address: {} }, ['/address/city flow.input.required']],
    [
      'array items shaped by the object child',
      { ...ok, lines: [{ sku: 'A' }, {}] },
      ['/lines/1/sku flow.input.required'],
    ],
    ['optional fields may be null', { ...ok, count: null, day: null, note: null }, []],
    ['a field with a default is not required of the caller (§3 "Field options")', ok, []],
  ])('%s', (_name, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it('turns GET query text into the field types before validation (spec part 2 §1: GET takes query parameters)', () => {
    expect(
      queryInput(fields, {
        customerid: ok.customerId,
        count: '12',
        active: 'false',
        amount: '1.5',
        name: 'x',
      }),
    ).toEqual({ customerId: ok.customerId, count: 12, active: false, amount: 1.5, name: 'x' });
    expect(queryInput(fields, { count: 'twelve' })).toEqual({ count: 'twelve' });
  });
});

describe('defaults (spec part 2 §3 "Field options": new GUID, current date, date and time, user, static)', () => {
  const context = {
    now: Date.parse('2026-03-15T10:30:00Z'),
    newGuid: () => 'ABC-GUID',
    user: 'demo-importer',
  };
  it.each<[string, string, unknown, unknown]>([
    ['Guid', 'NewGuid', null, 'ABC-GUID'],
    ['DateOnly', 'CurrentDate', null, '2026-03-15'],
    ['DateTime', 'CurrentDate', null, '2026-03-15T00:00:00'],
    ['DateTime', 'CurrentDateTime', null, '2026-03-15T10:30:00'],
    ['String', 'CurrentUser', null, 'demo-importer'],
    ['Number', 'StaticValue', '42', 42],
    ['Boolean', 'StaticValue', 'true', true],
    ['String', 'Unknown', null, undefined],
  ])('%s %s → %j', (Type, kind, Value, expected) => {
    expect(defaultValue({ Type, Default: { Type: kind, Value: Value as string } }, context)).toEqual(
      expected,
    );
  });

  it('fills missing fields and puts every value in canonical form, nested too', () => {
    expect(
      completeInput(
        fields,
        { customerId: ok.customerId.toUpperCase(), name: 'A', day: '2026-01-02', lines: [{ sku: 'x' }] },
        context,
      ),
    ).toEqual({
      customerId: ok.customerId,
      name: 'A',
      day: '2026-01-02',
      lines: [{ sku: 'x' }],
      ref: 'abc-guid',
    });
  });

  it('answers the input itself when nothing in it changes, never an object the caller sent inside it', () => {
    const plain: FlowField[] = [
      { Name: 'customerId', Type: 'Guid' },
      { Name: 'name', Type: 'String' },
    ];
    const given = { customerId: ok.customerId, name: 'A' };
    // The same object: the kept call data names the start block's output by the call input's place.
    expect(completeInput(plain, given, context)).toBe(given);
    const upper = { customerId: ok.customerId.toUpperCase(), name: 'A' };
    const completed = completeInput(plain, upper, context);
    expect([completed, upper.customerId]).toEqual([
      { customerId: ok.customerId, name: 'A' },
      ok.customerId.toUpperCase(),
    ]);
    const nested = { customerId: ok.customerId, name: 'A', day: '2026-01-02', lines: [{ sku: 'x' }] };
    const filled = completeInput(fields, nested, context);
    expect(filled).not.toBe(nested);
    expect(filled.lines).not.toBe(nested.lines);
    expect(nested).not.toHaveProperty('ref');
  });
});
