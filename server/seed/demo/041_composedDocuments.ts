import { composedRules } from '../../../src/domain/composedDocuments/rules';
import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import { publishedDocuments } from '../../documents/context';
import { composedDocumentKind } from '../../documents/kinds';
import { saveBuilderItem } from '../../documents/saveBuilderItem';
import { ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';
import { demoDocuments } from './040_documents';

const GUID = 'c0a80001-0000-4000-8000-000000000010';

/** A published composed document: each country with its customers (spec part 2 §3 'Composed document'). */
const seedComposedDocuments: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(composedDocumentKind, GUID, DEMO_CONNECTION_GUID)) return;
  const composed = {
    Guid: GUID,
    Name: 'CustomersByCountry',
    Description: 'Each country with its customers.',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    IsRead: true,
    IsPublished: true,
    Document: {
      Name: 'Countries',
      Guid: demoDocuments.countries,
      Method: 'read',
      Childs: [
        {
          ChildName: 'Customers',
          Name: 'Customers',
          Guid: demoDocuments.customers,
          Method: 'read',
          KeyField: 'Code',
          ChildField: 'CountryCode',
          Childs: [],
        },
      ],
    },
  };
  await saveBuilderItem({
    db,
    kind: composedDocumentKind,
    area: 'ComposedDocument',
    connection: DEMO_CONNECTION_GUID,
    guid: GUID,
    body: composed,
    principal: null,
    now: Date.now() / 1000,
    mismatch: 'cd.validation.pathMismatch',
    rules: async () =>
      composedRules(composed, { documents: await publishedDocuments(items, DEMO_CONNECTION_GUID) }),
  });
};

export default seedComposedDocuments;
