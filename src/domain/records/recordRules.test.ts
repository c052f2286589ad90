import { describe, expect, it } from 'vitest';
import { newRecord, recordForm } from '../../builders/documenteditor/recordForm';
import type { Document, DocumentField } from '../documents/types';
import { editableInForm, filledByServer, recordErrors } from './recordRules';

const fields: DocumentField[] = [
  {
    Name: 'CustomerId',
    Type: 'Longnumber',
    IsKey: true,
    IsId: true,
    IsUpdatable: false,
    Validation: { IsRequired: true },
  },
  { Name: 'Name', Type: 'String', IsUpdatable: true, Validation: { IsRequired: true, MaxLength: 5 } },
  {
    Name: 'Email',
    Type: 'String',
    IsUpdatable: true,
    Validation: { MaxLength: 50, Expression: '^[^@]+@[^@]+$' },
  },
  { Name: 'Since', Type: 'DateOnly', IsUpdatable: false, Default: { Type: 'CurrentDate', Insert: true } },
  {
    Name: 'Active',
    Type: 'Boolean',
    IsUpdatable: true,
    Default: { Type: 'StaticValue', Value: true, Insert: true },
  },
  { Name: 'Score', Type: 'Number', IsUpdatable: true },
  { Name: 'Amount', Type: 'Decimal', IsUpdatable: true },
  {
    Name: 'Ref',
    Type: 'Guid',
    IsUpdatable: true,
    Validation: { IsRequired: true },
    Default: { Type: 'NewGuid', Insert: true },
  },
];
const document = {
  Guid: 'g',
  Name: 'Customers',
  Type: 'List',
  FlowConnectionGuid: 'c',
  Elements: fields,
} as Document;
const keys = (record: Record<string, unknown>, isNew = true) =>
  recordErrors(fields, record, { isNew }).map((error) => `${error.path} ${error.messageKey}`);

describe('recordErrors: a record against its document (spec part 2 §2 "Document Editor", §5 "Type formats")', () => {
  it.each<[string, Record<string, unknown>, boolean, string[]]>([
    ['a valid new record; the ID and defaulted fields need no value', { Name: 'Acme' }, true, []],
    ['part 2 §2: required fields need a value', { Name: '' }, true, ['/Name de.validation.required']],
    ['part 2 §2: max length', { Name: 'Acme Corporation' }, true, ['/Name de.validation.tooLong']],
    [
      'part 2 §2: regular expression',
      { Name: 'Acme', Email: 'nobody' },
      true,
      ['/Email de.validation.pattern'],
    ],
    [
      'part 2 §5: Number within -2147483648..2147483647',
      { Name: 'Acme', Score: 2147483648 },
      true,
      ['/Score typeError.number'],
    ],
    [
      'part 2 §5: Decimal up to 2 decimals',
      { Name: 'Acme', Amount: '1.234' },
      true,
      ['/Amount typeError.decimal'],
    ],
    [
      'part 2 §3: a default on insert does not help an update: the required GUID needs a value then',
      { CustomerId: 1, Name: 'Acme' },
      false,
      ['/Ref de.validation.required'],
    ],
  ])('%s', (_rule, record, isNew, expected) => {
    expect(keys(record, isNew)).toEqual(expected);
  });
});

describe('the record form (spec part 2 §2 "Document Editor": generated from the fields)', () => {
  it('marks what the server fills and what cannot change once the record exists', () => {
    const [id, name, , since] = fields;
    expect(filledByServer(id!, true)).toBe(true);
    expect(filledByServer(since!, true)).toBe(true);
    expect(editableInForm(name!, true)).toBe(true);
    expect(editableInForm(since!, false)).toBe(false);
  });

  it('draws each field with its type, required mark, max length and reference choices', () => {
    const form = recordForm(document, { isNew: true, choices: { Name: [{ value: 'A', label: 'A' }] } });
    expect(form.schema.required).toEqual(['Name']);
    expect(form.schema.properties?.Score).toMatchObject({ type: ['integer', 'null'], maximum: 2147483647 });
    expect(form.uiSchema.Name).toMatchObject({ 'ui:field': 'choice' });
    expect(form.uiSchema.CustomerId).toMatchObject({ 'ui:readonly': true, 'ui:help': 'Set by the server.' });
    expect(form.uiSchema.Active).toMatchObject({ 'ui:widget': 'checkbox' });
    expect(form.validate({})).toBe(true);
  });

  it('starts a new record with the static defaults on insert', () => {
    expect(newRecord(document)).toEqual({ Active: true });
  });
});
