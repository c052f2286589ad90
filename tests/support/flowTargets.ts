import { randomUUID } from 'node:crypto';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import type { Db } from '../../server/db/database';
import { type ItemKind, ItemStore } from '../../server/items/itemStore';

const kind = (name: string): ItemKind => ({
  kind: name,
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'notFound.item',
  nameTaken: 'notFound.item',
});

/**
 * What flow tests build on, stored as the REST API and Document builders store them (item kinds
 * 'restApi' and 'document', spec part 1 §3 'REST API', part 2 §3 'Document'): a REST API and a published
 * list document on the demo connection, under names no other test or seed uses.
 */
export async function seedFlowTargets(db: Db) {
  const items = new ItemStore(db);
  const suffix = randomUUID().slice(0, 6);
  const stamp = { by: 'test', now: Date.now() / 1000 };
  const api = { Guid: randomUUID(), Name: `Orders API ${suffix}` };
  await items.save(kind('restApi'), { ...api, IsActive: true, IsPublished: true }, stamp);
  const document = {
    Guid: randomUUID(),
    Name: `Customer${suffix}`,
    Type: 'List',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    IsPublished: true,
    Elements: [
      { Name: 'Id', Type: 'Guid', IsKey: true, IsUpdatable: false, Validation: { IsRequired: true } },
      { Name: 'Name', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
      { Name: 'Email', Type: 'String', Validation: { MaxLength: 200 } },
      { Name: 'Credit', Type: 'Decimal' },
      { Name: 'Since', Type: 'DateTime' },
    ],
  };
  await items.save(kind('document'), document, { ...stamp, scope: DEMO_CONNECTION_GUID });
  return { api, document, connection: DEMO_CONNECTION_GUID };
}
