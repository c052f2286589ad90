import { actionDocumentRules } from '../../../src/domain/actionDocuments/rules';
import type { ActionDocument } from '../../../src/domain/actionDocuments/types';
import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import { publishedDocuments } from '../../documents/context';
import { actionDocumentKind } from '../../documents/kinds';
import { saveBuilderItem } from '../../documents/saveBuilderItem';
import { ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';
import { demoDocuments } from './040_documents';

const GUID = 'c0a80001-0000-4000-8000-000000000020';

/**
 * A published action document: upsert a sales order with its lines, matching an existing order by its
 * number (spec part 2 §3 'Action document').
 */
const seedActionDocuments: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(actionDocumentKind, GUID, DEMO_CONNECTION_GUID)) return;
  const document: ActionDocument = {
    Guid: GUID,
    ActionDocumentName: 'UpsertSalesOrder',
    Description: 'Creates or updates a sales order with its lines.',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    IsRead: false,
    IsPublished: true,
    Action: {
      Name: 'SalesOrder',
      Guid: demoDocuments.salesOrder,
      Type: 'Document',
      Method: 'upsert',
      IsMandatory: true,
      IsUpdatable: true,
      Required: ['OrderNumber'],
      Sorting: [],
      Childs: [
        {
          Name: 'SalesOrderLine',
          Guid: demoDocuments.salesOrderLine,
          Type: 'Document',
          Method: 'write',
          IsMandatory: false,
          IsUpdatable: true,
          Required: ['Product'],
          Sorting: [{ Field: 'Product', Direction: 'ASC' }],
          Relation: { ChildName: 'Lines', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' },
          Childs: [],
        },
      ],
    },
    Rules: [
      {
        Guid: demoDocuments.salesOrder,
        Name: 'SalesOrder',
        StopIfMatch: false,
        StopIfNoMatch: false,
        Order: 1,
        Input: ['OrderNumber'],
        Output: ['SalesOrderId'],
      },
    ],
  };
  await saveBuilderItem({
    db,
    kind: actionDocumentKind,
    area: 'ActionDocument',
    connection: DEMO_CONNECTION_GUID,
    guid: GUID,
    body: document as unknown as Record<string, unknown>,
    principal: null,
    now: Date.now() / 1000,
    mismatch: 'ad.validation.pathMismatch',
    rules: async () =>
      actionDocumentRules(document, {
        documents: await publishedDocuments(items, DEMO_CONNECTION_GUID),
        methods: [],
      }),
  });
};

export default seedActionDocuments;
