import { describe, expect, it } from 'vitest';
import { composedPreview } from '../../builders/composeddocument/preview';
import type { Document } from '../documents/types';
import { composedRules } from './rules';
import { joinOf, stripPlaceholders } from './tree';
import type { ComposedChild, ComposedDocument } from './types';

const CONNECTION = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d';
const list = (
  Guid: string,
  Name: string,
  Elements: Document['Elements'],
  References: Document['References'] = [],
) => ({ Guid, Name, Type: 'List', FlowConnectionGuid: CONNECTION, Elements, References }) as Document;

const countries = list('00000000-0000-4000-8000-0000000000c1', 'Countries', [
  {
    Name: 'Code',
    Type: 'String',
    IsKey: true,
    IsUpdatable: false,
    Validation: { IsRequired: true, MaxLength: 2 },
  },
  { Name: 'Label', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 100 } },
]);
const customers = list(
  '00000000-0000-4000-8000-0000000000a1',
  'Customers',
  [
    { Name: 'CustomerId', Type: 'Longnumber', IsKey: true, IsId: true, IsUpdatable: false },
    { Name: 'CountryCode', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 2 } },
  ],
  [{ Name: 'Countries', Guid: countries.Guid, Key: 'Code', Child: 'CountryCode' }],
);
const orders = list(
  '00000000-0000-4000-8000-0000000000b1',
  'Orders',
  [
    { Name: 'OrderId', Type: 'Longnumber', IsKey: true, IsId: true, IsUpdatable: false },
    { Name: 'CustomerId', Type: 'Longnumber', IsUpdatable: true },
  ],
  [{ Name: 'Customers', Guid: customers.Guid, Key: 'CustomerId', Child: 'CustomerId' }],
);
const context = { documents: [countries, customers, orders] };

const child = (overrides: Partial<ComposedChild> = {}): ComposedChild => ({
  ChildName: 'Customers',
  Name: 'Customers',
  Guid: customers.Guid,
  Method: 'read',
  KeyField: 'Code',
  ChildField: 'CountryCode',
  Childs: [],
  ...overrides,
});
const composed = (
  root: Partial<NonNullable<ComposedDocument['Document']>> = {},
  isRead = true,
): ComposedDocument => ({
  Guid: '00000000-0000-4000-8000-00000000cd01',
  Name: 'CountryCustomers',
  FlowConnectionGuid: CONNECTION,
  IsRead: isRead,
  Document: { Name: 'Countries', Guid: countries.Guid, Method: 'read', Childs: [child()], ...root },
});
const keysOf = (document: ComposedDocument) =>
  composedRules(document, context).map((error) => `${error.path} ${error.messageKey}`);

describe('composedRules (spec part 2 §5 "Composed document")', () => {
  it.each<[string, ComposedDocument, string[]]>([
    ['part 2 §5: a root with a method and one referencing child is valid', composed(), []],
    [
      'part 2 §5: a root document is chosen',
      composed({ Guid: null, Name: null, Childs: [] }),
      ['/Document/Guid cd.validation.rootDocumentNotChosen'],
    ],
    [
      'part 2 §5: the root document exists (published, same connection)',
      composed({ Guid: '00000000-0000-4000-8000-00000000dead' }),
      ['/Document/Guid cd.validation.documentNotFound'],
    ],
    [
      'part 2 §5: a method is chosen for the root',
      composed({ Method: null }),
      ['/Document/Method cd.validation.methodNotChosen'],
    ],
    [
      'part 2 §5: the method fits reading or writing (a read composed document reads)',
      composed({ Method: 'upsert' }),
      ['/Document/Method cd.validation.methodNotAllowed'],
    ],
    [
      'part 2 §5: at least one child',
      composed({ Childs: [] }),
      ['/Document/Childs cd.validation.noChildren'],
    ],
    [
      'part 2 §5: child name is non-empty',
      composed({ Childs: [child({ ChildName: ' ' })] }),
      ['/Document/Childs/0/ChildName cd.validation.childNameEmpty'],
    ],
    [
      'part 2 §5: child name is unique among siblings',
      composed({ Childs: [child(), child({ ChildName: 'customers' })] }),
      ['/Document/Childs/1/ChildName cd.validation.childNameNotUnique'],
    ],
    [
      'part 2 §5: a method is chosen for each child',
      composed({ Childs: [child({ Method: '' })] }),
      ['/Document/Childs/0/Method cd.validation.methodNotChosen'],
    ],
    [
      'part 2 §5: child field is set',
      composed({ Childs: [child({ ChildField: null })] }),
      ['/Document/Childs/0/ChildField cd.validation.childFieldNotSet'],
    ],
    [
      'part 2 §5: key field is set',
      composed({ Childs: [child({ KeyField: null })] }),
      ['/Document/Childs/0/KeyField cd.validation.keyFieldNotSet'],
    ],
    [
      'part 2 §5: the child field exists in the child',
      composed({ Childs: [child({ ChildField: 'Country' })] }),
      ['/Document/Childs/0/ChildField cd.validation.childFieldDoesNotExist'],
    ],
    [
      'part 2 §5: the key field exists in the parent',
      composed({ Childs: [child({ KeyField: 'Iso' })] }),
      ['/Document/Childs/0/KeyField cd.validation.keyFieldDoesNotExist'],
    ],
    [
      'part 2 §5: a child must be among the referencing documents when such exist',
      composed({ Childs: [child({ Guid: orders.Guid, Name: 'Orders', ChildField: 'CustomerId' })] }),
      ['/Document/Childs/0/Guid cd.validation.childNotReferencing'],
    ],
    [
      'part 2 §5: a child document is chosen',
      composed({ Childs: [child({ Guid: null })] }),
      ['/Document/Childs/0/Guid cd.validation.childDocumentNotChosen'],
    ],
    [
      'part 2 §5: children nest, and the same rules apply below (recursively, part 2 §3)',
      composed({
        Childs: [
          child({
            Childs: [
              child({
                ChildName: 'Orders',
                Name: 'Orders',
                Guid: orders.Guid,
                KeyField: 'CustomerId',
                ChildField: 'CustomerId',
                Method: null,
              }),
            ],
          }),
        ],
      }),
      ['/Document/Childs/0/Childs/0/Method cd.validation.methodNotChosen'],
    ],
    [
      'part 2 §5: a writing composed document takes writing methods',
      composed({ Method: 'upsert', Childs: [child({ Method: 'write' })] }, false),
      [],
    ],
  ])('%s', (_rule, document, expected) => {
    expect(keysOf(document)).toEqual(expected);
  });
});

describe('composed documents on load and in the editor (spec part 2 §3 "Composed document")', () => {
  it('strips empty-guid child placeholders, at any depth', () => {
    const loaded = composed({
      Childs: [
        child({
          Childs: [child({ Guid: '00000000-0000-0000-0000-000000000000' }), child({ Guid: orders.Guid })],
        }),
        child({ Guid: '' }),
        child({ Guid: null }),
      ],
    });
    const stripped = stripPlaceholders(loaded);
    expect(stripped.Document?.Childs).toHaveLength(1);
    expect(stripped.Document?.Childs?.[0]?.Childs?.map((entry) => entry.Guid)).toEqual([orders.Guid]);
  });

  it('takes a child’s join from its reference to the parent', () => {
    expect(joinOf(customers, countries.Guid)).toEqual({ ChildField: 'CountryCode', KeyField: 'Code' });
    expect(joinOf(countries, customers.Guid)).toEqual({ ChildField: null, KeyField: null });
  });

  it('previews the root fields with each child’s rows under its child name, indented 4 spaces (drawer 13)', () => {
    const preview = composedPreview(composed(), context.documents);
    expect(JSON.parse(preview)).toEqual({
      Code: 'string',
      Label: 'string',
      Customers: [{ CustomerId: 0, CountryCode: 'string' }],
    });
    expect(preview.split('\n')[1]).toMatch(/^ {4}"Code"/);
  });
});
