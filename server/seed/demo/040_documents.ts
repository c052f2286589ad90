import { normalizeDocument } from '../../../src/domain/documents/normalizeDocument';
import { documentRules } from '../../../src/domain/documents/rules';
import type { Document, DocumentField } from '../../../src/domain/documents/types';
import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import { recordDatabase, requireConnection } from '../../documents/connection';
import { defaultValueTypes, publishedDocuments } from '../../documents/context';
import { documentKind } from '../../documents/kinds';
import { saveRecord } from '../../documents/records';
import { migrateRecordTable } from '../../documents/recordTable';
import { saveBuilderItem } from '../../documents/saveBuilderItem';
import { ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';

/** Guids of the demo documents, which the composed and action document seeds build on. */
export const demoDocuments = {
  countries: 'c0a80001-0000-4000-8000-000000000001',
  customers: 'c0a80001-0000-4000-8000-000000000002',
  salesOrder: 'c0a80001-0000-4000-8000-000000000003',
  salesOrderLine: 'c0a80001-0000-4000-8000-000000000004',
} as const;

const text = (Name: string, MaxLength: number, extra: Partial<DocumentField> = {}): DocumentField => ({
  Name,
  Type: 'String',
  IsUpdatable: true,
  ...extra,
  Validation: { MaxLength, ...extra.Validation },
});

const documents: Document[] = [
  {
    Guid: demoDocuments.countries,
    Name: 'Countries',
    Description: 'Countries customers live in.',
    Type: 'List',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    Elements: [
      text('Code', 2, { IsKey: true, IsUpdatable: false, Validation: { IsRequired: true, MaxLength: 2 } }),
      text('Name', 100, { Validation: { IsRequired: true, MaxLength: 100 } }),
    ],
    References: [],
  },
  {
    Guid: demoDocuments.customers,
    Name: 'Customers',
    Description: 'Customers with their country.',
    Type: 'List',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    Elements: [
      {
        Name: 'CustomerId',
        Type: 'Longnumber',
        IsKey: true,
        IsId: true,
        IsUpdatable: false,
        Validation: { IsRequired: true },
      },
      text('Name', 100, { Validation: { IsRequired: true, MaxLength: 100 } }),
      text('Email', 200, {
        Validation: { MaxLength: 200, Type: 'regularexpression', Expression: '^[^@\\s]+@[^@\\s]+$' },
      }),
      text('CountryCode', 2),
      {
        Name: 'CustomerSince',
        Type: 'DateOnly',
        IsUpdatable: false,
        Default: { Type: 'CurrentDate', Insert: true, Update: false },
      },
      {
        Name: 'Active',
        Type: 'Boolean',
        IsUpdatable: true,
        Default: { Type: 'StaticValue', Value: true, Insert: true, Update: false },
      },
    ],
    References: [{ Name: 'Countries', Guid: demoDocuments.countries, Key: 'Code', Child: 'CountryCode' }],
  },
  {
    Guid: demoDocuments.salesOrder,
    Name: 'SalesOrder',
    Description: 'A sales order, written by actions.',
    Type: 'Action',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    Elements: [
      text('OrderNumber', 20, { Validation: { IsRequired: true, MaxLength: 20 } }),
      { Name: 'CustomerId', Type: 'Longnumber', IsUpdatable: true },
      { Name: 'Total', Type: 'Decimal', IsUpdatable: true },
    ],
    References: [],
  },
  {
    Guid: demoDocuments.salesOrderLine,
    Name: 'SalesOrderLine',
    Description: 'A line of a sales order.',
    Type: 'Action',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    Elements: [
      { Name: 'SalesOrderId', Type: 'Longnumber', IsUpdatable: false, Validation: { IsRequired: true } },
      text('Product', 100, { Validation: { IsRequired: true, MaxLength: 100 } }),
      { Name: 'Quantity', Type: 'Number', IsUpdatable: true },
    ],
    References: [
      { Name: 'SalesOrder', Guid: demoDocuments.salesOrder, Key: 'SalesOrderId', Child: 'SalesOrderId' },
    ],
  },
];

const records: Record<string, Array<Record<string, unknown>>> = {
  [demoDocuments.countries]: [
    { Code: 'NL', Name: 'Netherlands' },
    { Code: 'BE', Name: 'Belgium' },
    { Code: 'DE', Name: 'Germany' },
    { Code: 'GB', Name: 'United Kingdom' },
  ],
  [demoDocuments.customers]: [
    { Name: 'Acme Corporation', Email: 'orders@acme.example', CountryCode: 'NL' },
    { Name: 'Globex', Email: 'buy@globex.example', CountryCode: 'DE' },
    { Name: 'Initech', CountryCode: 'GB', Active: false },
  ],
};

/**
 * Published demo documents on the demo connection: the list documents Countries and Customers (Customers
 * references Countries) with a few records in their tables, and the action documents SalesOrder and
 * SalesOrderLine. Saved through the same path as the Document Builder, so they pass its rules.
 */
const seedDocuments: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(documentKind, demoDocuments.countries, DEMO_CONNECTION_GUID)) return;
  const connection = await requireConnection(items, DEMO_CONNECTION_GUID);
  const now = Date.now() / 1000;
  for (const draft of documents) {
    const document = normalizeDocument({ ...draft, IsPublished: true });
    await saveBuilderItem({
      db,
      kind: documentKind,
      area: 'DocumentBuilder',
      connection: DEMO_CONNECTION_GUID,
      guid: document.Guid,
      body: document as unknown as Record<string, unknown>,
      principal: null,
      now,
      mismatch: 'db.validation.pathMismatch',
      rules: async () =>
        documentRules(document, {
          documents: await publishedDocuments(items, DEMO_CONNECTION_GUID),
          defaultValueTypes: await defaultValueTypes(db),
        }),
      inTransaction: async (tx) => {
        const target = recordDatabase(connection, tx);
        if (document.Type === 'List' && target) await migrateRecordTable(target, document);
      },
    });
    const target = recordDatabase(connection, db);
    for (const record of records[document.Guid] ?? []) {
      if (target)
        await saveRecord(target, document, record, { isNew: true, principal: null, now, references: [] });
    }
  }
};

export default seedDocuments;
