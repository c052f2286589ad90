import { describe, expect, it } from 'vitest';
import { documentRules, fieldRules } from './rules';
import type { DefaultValueType, Document, DocumentField } from './types';

const field = (overrides: Partial<DocumentField> & Pick<DocumentField, 'Name'>): DocumentField => ({
  Type: 'Number',
  IsUpdatable: true,
  ...overrides,
});
const key = (name = 'Code', overrides: Partial<DocumentField> = {}): DocumentField =>
  field({
    Name: name,
    Type: 'String',
    IsKey: true,
    IsUpdatable: false,
    Validation: { IsRequired: true, MaxLength: 10 },
    ...overrides,
  });
const text = (name: string, max = 50, overrides: Partial<DocumentField> = {}) =>
  field({ Name: name, Type: 'String', Validation: { MaxLength: max }, ...overrides });

const doc = (overrides: Partial<Document> = {}): Document => ({
  Guid: '00000000-0000-4000-8000-000000000001',
  Name: 'Orders',
  Type: 'List',
  FlowConnectionGuid: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
  Elements: [key()],
  References: [],
  ...overrides,
});

const countries = doc({
  Guid: '00000000-0000-4000-8000-0000000000c1',
  Name: 'Countries',
  Key: 'Code',
  Elements: [key('Code', { Validation: { IsRequired: true, MaxLength: 2 } }), text('Label', 100)],
});
const events = doc({
  Guid: '00000000-0000-4000-8000-0000000000e1',
  Name: 'Events',
  Type: 'Action',
  Key: 'EventsId',
  Elements: [field({ Name: 'EventsId', Type: 'Longnumber', IsKey: true, IsId: true, IsUpdatable: false })],
});
const defaultValueTypes: DefaultValueType[] = [
  { Key: 'NewGuid', Types: ['Guid'] },
  { Key: 'CurrentDateTime', Types: ['DateTime'] },
  { Key: 'StaticValue', Types: ['String', 'Number', 'Boolean', 'Decimal'] },
];
const context = { documents: [countries, events], defaultValueTypes };

/** The keys (and paths) the rules answer. */
const keysOf = (document: Document) =>
  documentRules(document, context).map((error) => `${error.path} ${error.messageKey}`);

describe('documentRules (spec part 2 §5 "Document")', () => {
  it.each<[string, Partial<Document>, string[]]>([
    ['part 2 §5: a valid list document has no errors', {}, []],
    ['part 2 §5: at least one field', { Elements: [] }, ['/Elements db.validation.noFieldsSet']],
    [
      'part 2 §5: at least one key field',
      { Elements: [text('Label')] },
      ['/Elements db.validation.noKeyField'],
    ],
    [
      'part 2 §5: list documents need exactly one key field',
      { Elements: [key('A'), key('B')] },
      ['/Elements db.validation.listKeyCount'],
    ],
    [
      'part 2 §5: action documents may have several key fields',
      { Type: 'Action', Elements: [key('A'), key('B')] },
      [],
    ],
    [
      'part 2 §5: an identity field must be the key (exactly one key and identity)',
      {
        Elements: [
          key('Code'),
          field({ Name: 'Counter', Type: 'Longnumber', IsId: true, IsUpdatable: false }),
        ],
      },
      ['/Elements db.validation.identityKeyCount'],
    ],
    [
      'part 2 §5: one key identity field of type long number is fine',
      {
        Elements: [
          field({
            Name: 'OrderId',
            Type: 'Longnumber',
            IsKey: true,
            IsId: true,
            IsUpdatable: false,
            Validation: { IsRequired: true },
          }),
        ],
      },
      [],
    ],
    [
      'part 2 §5: the identity must be number or long number',
      {
        Elements: [key('Code', { IsId: true })],
      },
      ['/Elements/0/Type db.validation.identityType'],
    ],
    [
      'part 2 §5: action documents allow at most one identity field',
      {
        Type: 'Action',
        Elements: [
          field({ Name: 'A', IsKey: true, IsId: true, IsUpdatable: false, Validation: { IsRequired: true } }),
          field({ Name: 'B', IsId: true, IsUpdatable: false }),
        ],
      },
      ['/Elements db.validation.tooManyIdentityFields'],
    ],
    [
      'part 2 §5: key fields must be required',
      { Elements: [key('Code', { Validation: { IsRequired: false, MaxLength: 5 } })] },
      ['/Elements/0/Validation/IsRequired db.validation.keyNotRequired'],
    ],
    [
      'part 2 §5: key fields must not be updatable',
      { Elements: [key('Code', { IsUpdatable: true })] },
      ['/Elements/0/IsUpdatable db.validation.keyUpdatable'],
    ],
    [
      'part 2 §5: ID fields are not updatable (a list document may hold a second ID field)',
      {
        Elements: [
          field({
            Name: 'OrderId',
            Type: 'Longnumber',
            IsKey: true,
            IsId: true,
            IsUpdatable: false,
            Validation: { IsRequired: true },
          }),
          field({ Name: 'Seq', Type: 'Number', IsId: true, IsUpdatable: true }),
        ],
      },
      ['/Elements/1/IsUpdatable db.validation.idUpdatable'],
    ],
    [
      'part 2 §5: string type needs max length',
      { Elements: [key(), field({ Name: 'Label', Type: 'String' })] },
      ['/Elements/1/Validation/MaxLength db.validation.stringNoMaxLength'],
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(keysOf(doc(overrides))).toEqual(expected);
  });
});

describe('references (spec part 2 §5 "Document": references)', () => {
  const withFk = (
    fk: Partial<DocumentField>,
    reference: Partial<NonNullable<Document['References']>[number]>,
  ) =>
    doc({
      Elements: [key(), text('CountryCode', 2, fk)],
      References: [
        { Name: 'Countries', Guid: countries.Guid, Key: 'Code', Child: 'CountryCode', ...reference },
      ],
    });
  it.each<[string, Document, string[]]>([
    ['part 2 §5: a complete reference to a list document’s key', withFk({}, {}), []],
    [
      'part 2 §5: references need name, guid, key and child',
      withFk({}, { Child: '' }),
      ['/References/0/Child db.validation.referenceIncomplete'],
    ],
    [
      'part 2 §5: references need name, guid, key and child (guid)',
      withFk({}, { Guid: null }),
      ['/References/0/Name db.validation.referenceIncomplete'],
    ],
    [
      'part 2 §5: the referenced document must exist (published, same connection)',
      withFk({}, { Guid: '00000000-0000-4000-8000-00000000dead' }),
      ['/References/0/Name db.validation.referenceDocumentNotFound'],
    ],
    [
      'part 2 §5: the child field must exist',
      withFk({}, { Child: 'Country' }),
      ['/References/0/Child db.validation.referenceChildNotFound'],
    ],
    [
      'part 2 §5: the key must match the referenced document’s key',
      withFk({}, { Key: 'Label' }),
      ['/References/0/Key db.validation.referenceKeyMismatch'],
    ],
    [
      'part 2 §5: types must be compatible',
      withFk({ Type: 'Number', Validation: {} }, {}),
      ['/References/0/Child db.validation.referenceTypeMismatch'],
    ],
    [
      'part 2 §5: max lengths must be compatible',
      withFk({ Validation: { MaxLength: 1 } }, {}),
      ['/References/0/Child db.validation.referenceMaxLengthMismatch'],
    ],
    [
      'part 2 §5: references from list documents may point only to list documents',
      doc({
        Elements: [key(), field({ Name: 'EventId', Type: 'Longnumber' })],
        References: [{ Name: 'Events', Guid: events.Guid, Key: 'EventsId', Child: 'EventId' }],
      }),
      ['/References/0/Name db.validation.referenceNotList'],
    ],
    [
      'part 2 §5: action documents may reference action documents',
      doc({
        Type: 'Action',
        Elements: [key(), field({ Name: 'EventId', Type: 'Longnumber' })],
        References: [{ Name: 'Events', Guid: events.Guid, Key: 'EventsId', Child: 'EventId' }],
      }),
      [],
    ],
  ])('%s', (_rule, document, expected) => {
    expect(keysOf(document)).toEqual(expected);
  });
});

describe('fieldRules (spec part 2 §5 "Field definition", document context)', () => {
  const rules = (
    candidate: DocumentField,
    options: { siblings?: DocumentField[]; type?: Document['Type'] } = {},
  ) =>
    fieldRules(candidate, {
      ...context,
      documentType: options.type ?? 'List',
      prefix: '',
      ...(options.siblings ? { siblings: options.siblings } : {}),
    }).map((error) => `${error.path} ${error.messageKey}`);

  it.each<[string, DocumentField, string[], { siblings?: DocumentField[]; type?: Document['Type'] }?]>([
    ['part 2 §5: a plain number field is fine', field({ Name: 'Count' }), []],
    [
      'part 2 §5: the type must be known (Array is not a document type, part 2 §3)',
      field({ Name: 'Lines', Type: 'Array' }),
      ['/Type fieldTypeError'],
    ],
    [
      'part 2 §5: field names are unique within a parent, case-insensitively',
      field({ Name: 'count' }),
      ['/Name fieldNameExists'],
      { siblings: [field({ Name: 'Count' })] },
    ],
    [
      'part 2 §5: max length applies to string fields',
      field({ Name: 'Count', Validation: { MaxLength: 5 } }),
      ['/Validation/MaxLength db.validation.maxLengthNotAllowed'],
    ],
    [
      'part 2 §5: the regex must not be empty',
      text('Email', 50, { Validation: { MaxLength: 50, Type: 'regularexpression', Expression: ' ' } }),
      ['/Validation/Expression db.validation.regexEmpty'],
    ],
    [
      'part 2 §5: the regex must be valid (the record editor runs it)',
      text('Email', 50, { Validation: { MaxLength: 50, Type: 'regularexpression', Expression: '([a-z' } }),
      ['/Validation/Expression db.validation.regexInvalid'],
    ],
    [
      'part 2 §5: regex applies to string fields',
      field({ Name: 'Count', Validation: { Expression: '^\\d+$' } }),
      ['/Validation/Expression db.validation.regexNotAllowed'],
    ],
    [
      'part 2 §5: tool validation (reference lists) is not offered in document context',
      text('Country', 2, { Validation: { MaxLength: 2, Type: 'referencelist' } }),
      ['/Validation/Type db.validation.toolValidationNotOffered'],
    ],
    [
      'part 2 §5: required and default are not offered on key fields',
      key('Code', { Default: { Type: 'StaticValue', Value: 'X', Insert: true } }),
      ['/Default/Type db.validation.defaultOnKey'],
    ],
    [
      'part 2 §5: …nor on id fields',
      field({
        Name: 'Seq',
        IsId: true,
        IsUpdatable: false,
        Default: { Type: 'StaticValue', Value: 1, Insert: true },
      }),
      ['/Default/Type db.validation.defaultOnKey'],
    ],
    [
      'part 2 §3: a default type must permit the field type (DefaultValueTypes)',
      field({ Name: 'Count', Default: { Type: 'NewGuid', Insert: true } }),
      ['/Default/Type db.validation.defaultTypeNotAllowed'],
    ],
    [
      'part 2 §3: defaults apply on insert and/or on update',
      field({ Name: 'Stamp', Type: 'DateTime', Default: { Type: 'CurrentDateTime' } }),
      ['/Default/Insert db.validation.defaultWhenNotSet'],
    ],
    [
      'part 2 §5: a static default must fit the type (numbers must be numbers)',
      field({ Name: 'Count', Default: { Type: 'StaticValue', Value: 'many', Insert: true } }),
      ['/Default/Value typeError.number'],
    ],
    [
      'part 2 §5: a static default must fit the type (boolean must be boolean)',
      field({ Name: 'Flag', Type: 'Boolean', Default: { Type: 'StaticValue', Value: 'yes', Insert: true } }),
      ['/Default/Value typeError.boolean'],
    ],
    [
      'part 2 §5: a static default must fit the type (strings non-empty)',
      text('Label', 5, { Default: { Type: 'StaticValue', Value: '', Insert: true } }),
      ['/Default/Value enterValue'],
    ],
    [
      'part 2 §5: a static string default fits the max length',
      text('Label', 3, { Default: { Type: 'StaticValue', Value: 'toolong', Insert: true } }),
      ['/Default/Value db.validation.defaultTooLong'],
    ],
    [
      'part 2 §5: a valid static default',
      field({ Name: 'Count', Default: { Type: 'StaticValue', Value: '12', Insert: true, Update: false } }),
      [],
    ],
  ])('%s', (_rule, candidate, expected, options) => {
    expect(rules(candidate, options)).toEqual(expected);
  });
});

describe('mapped fields (spec part 2 §5 "Document": mapped fields must exist with compatible type and length)', () => {
  const mapped = (reference: Record<string, unknown>, overrides: Partial<DocumentField> = {}) =>
    text('Country', 2, {
      IsMapping: true,
      Validation: {
        MaxLength: 2,
        Document: { Reference: { ConnectionGuid: countries.FlowConnectionGuid, ...reference } },
      },
      ...overrides,
    });
  const rules = (candidate: DocumentField, type: Document['Type'] = 'List') =>
    fieldRules(candidate, { ...context, documentType: type, prefix: '' }).map(
      (error) => `${error.path} ${error.messageKey}`,
    );
  const base = '/Validation/Document/Reference';
  it.each<[string, DocumentField, string[], Document['Type']?]>([
    [
      'part 2 §5: a field mapped to an existing list field',
      mapped({ DocumentGuid: countries.Guid, MappingField: 'Code' }),
      [],
    ],
    [
      'part 2 §3: is_map is for list documents only',
      mapped({ DocumentGuid: countries.Guid, MappingField: 'Code' }),
      ['/IsMapping db.validation.mappingNotAllowed'],
      'Action',
    ],
    [
      'part 2 §5: the mapped document must be chosen',
      mapped({}),
      [`${base}/DocumentGuid db.validation.mappingDocumentNotChosen`],
    ],
    [
      'part 2 §5: the mapped document must exist as a list document',
      mapped({ DocumentGuid: events.Guid, MappingField: 'EventsId' }),
      [`${base}/DocumentGuid db.validation.mappingDocumentNotFound`],
    ],
    [
      'part 2 §5: the mapped field must exist',
      mapped({ DocumentGuid: countries.Guid, MappingField: 'Iso' }),
      [`${base}/MappingField db.validation.mappingFieldNotFound`],
    ],
    [
      'part 2 §5: with a compatible type',
      mapped(
        { DocumentGuid: countries.Guid, MappingField: 'Code' },
        {
          Type: 'Guid',
          Validation: { Document: { Reference: { DocumentGuid: countries.Guid, MappingField: 'Code' } } },
        },
      ),
      [`${base}/MappingField db.validation.mappingTypeMismatch`],
    ],
    [
      'part 2 §5: and a compatible length',
      mapped({ DocumentGuid: countries.Guid, MappingField: 'Label' }),
      [`${base}/MappingField db.validation.mappingMaxLengthMismatch`],
    ],
    [
      'part 2 §5: the reference list and regex options are mutually exclusive',
      text('Country', 2, {
        IsMapping: true,
        Validation: {
          MaxLength: 2,
          Expression: '^[A-Z]+$',
          Document: { Reference: { DocumentGuid: countries.Guid, MappingField: 'Code' } },
        },
      }),
      ['/Validation/Expression db.validation.regexAndReference'],
    ],
    [
      'part 2 §5: return fields exist, aliases not empty (aliasCanNotBeEmpty) and unique (aliasMustBeUnique)',
      mapped({
        DocumentGuid: countries.Guid,
        MappingField: 'Code',
        ReturnFields: [
          { FieldName: 'Label', AliasName: 'CountryName' },
          { FieldName: 'Label', AliasName: 'countryname' },
          { FieldName: 'Nope', AliasName: '' },
          { FieldName: 'Code', AliasName: 'Country code' },
        ],
      }),
      [
        `${base}/ReturnFields/1/AliasName aliasMustBeUnique`,
        `${base}/ReturnFields/2/FieldName db.validation.returnFieldNotFound`,
        `${base}/ReturnFields/2/AliasName aliasCanNotBeEmpty`,
        `${base}/ReturnFields/3/AliasName db.validation.aliasContainsSpace`,
      ],
    ],
  ])('%s', (_rule, candidate, expected, type) => {
    expect(rules(candidate, type)).toEqual(expected);
  });
});
