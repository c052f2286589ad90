import { describe, expect, it } from 'vitest';
import { externalTableRules } from './externalTable';
import type { Document } from './types';

const customer = {
  Name: 'public.customer',
  Schema: 'public',
  Table: 'customer',
  IsView: false,
  Key: 'id',
  Elements: [
    { Name: 'id', Type: 'Number', IsKey: true, IsUpdatable: false },
    { Name: 'name', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 50 } },
    { Name: 'note', Type: 'Text', IsUpdatable: true },
  ],
} as const;

const document = (overrides: Partial<Document>): Pick<Document, 'Table' | 'Elements' | 'IsPublished'> => ({
  Table: 'public.customer',
  IsPublished: true,
  Elements: [
    { Name: 'id', Type: 'Number', IsKey: true, IsUpdatable: false },
    { Name: 'Name', Type: 'String', IsUpdatable: true },
  ],
  ...overrides,
});

const keys = (errors: ReturnType<typeof externalTableRules>) =>
  errors.map((e) => `${e.path} ${e.messageKey}`);

// Issue 30 point 2, with spec part 2 §5 'Document' for what a document over a table must still be.
describe('externalTableRules', () => {
  it.each([
    [
      'internal connection, no table: its own records table (part 2 §2 Document Editor)',
      false,
      document({ Table: null }),
      undefined,
      [],
    ],
    [
      'internal connection naming a table is refused',
      false,
      document({}),
      undefined,
      ['/Table db.validation.tableOnInternal'],
    ],
    [
      'a draft is not held to the catalogue',
      true,
      document({ IsPublished: false, Table: null }),
      undefined,
      [],
    ],
    [
      'publishing without a table is refused',
      true,
      document({ Table: '' }),
      undefined,
      ['/Table db.validation.tableRequired'],
    ],
    [
      'a table the catalogue does not have',
      true,
      document({}),
      undefined,
      ['/Table db.validation.tableNotFound'],
    ],
    ['fields that are columns, names without case (part 2 §5 Names)', true, document({}), customer, []],
    [
      'a field that is no column',
      true,
      document({
        Elements: [
          { Name: 'id', Type: 'Number', IsUpdatable: false },
          { Name: 'age', Type: 'Number', IsUpdatable: true },
        ],
      }),
      customer,
      ['/Elements/1/Name db.validation.columnNotFound'],
    ],
    [
      'a field whose type the column’s values do not fit (part 2 §5 Mapping and comparison)',
      true,
      document({ Elements: [{ Name: 'note', Type: 'Number', IsUpdatable: true }] }),
      customer,
      ['/Elements/0/Type db.validation.columnTypeMismatch'],
    ],
    [
      'a wider field type takes the column’s values (Number into Longnumber)',
      true,
      document({ Elements: [{ Name: 'id', Type: 'Longnumber', IsUpdatable: false }] }),
      customer,
      [],
    ],
  ] as const)('%s', (_label, external, doc, table, expected) => {
    expect(keys(externalTableRules(doc as never, { external, table: table as never }))).toEqual(expected);
  });
});
