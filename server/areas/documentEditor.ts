import type { Db } from '../db/database';
import { recordDatabase, requireConnection } from '../documents/connection';
import { publishedDocument, publishedDocuments } from '../documents/context';
import { getRecord, listRecords, saveRecord } from '../documents/records';
import { migrateRecordTable, recordTableExists } from '../documents/recordTable';
import { referenceChecks } from '../documents/references';
import type { Handlers } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import type { ItemStore } from '../items/itemStore';

/**
 * A published list document of the connection with the database holding its records; its table is made
 * here if it is missing (a document published before its connection held records).
 */
async function listDocument(items: ItemStore, db: Db, connectionGuid: string, guid: string) {
  const connection = await requireConnection(items, connectionGuid);
  const document = await publishedDocument(items, connectionGuid, guid);
  if (document?.Type !== 'List') throw notFound('db.error.loadDocument');
  const records = recordDatabase(connection, db);
  if (!records) throw new HttpError(400, 'de.error.connectionNotSupported', { type: connection.Type ?? '—' });
  if (!(await recordTableExists(records, document.Guid))) await migrateRecordTable(records, document);
  return { document, records };
}

/** Document Editor (spec part 2 §2 'Document Editor', §7 DocumentEditor): records of published list documents. */
const handlers: Handlers = {
  'DocumentEditor.GetListDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await publishedDocuments(items, params.connection)).filter(
      (document) => document.Type === 'List',
    ) as never;
  },

  'DocumentEditor.GetRecords': async ({ items, db, params, query }) => {
    const { document, records } = await listDocument(items, db, params.connection, params.guid);
    if (query.keyField !== undefined || query.keyValue !== undefined) {
      if (!query.keyField || query.keyValue === undefined) throw notFound('de.error.loadRecord');
      return { Records: [await getRecord(records, document, query.keyField, query.keyValue)], Total: 1 };
    }
    return listRecords(records, document, {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 20,
      sort: query.sort,
      direction: query.direction,
      search: query.search,
    }) as never;
  },

  'DocumentEditor.PostRecord': async ({ items, db, params, query, body, principal, now }) => {
    const { document, records } = await listDocument(items, db, params.connection, params.guid);
    const published = await publishedDocuments(items, params.connection);
    return saveRecord(records, document, body as Record<string, unknown>, {
      isNew: query.IsNew,
      principal,
      now: now(),
      references: referenceChecks(document, published),
    }) as never;
  },
};

export default handlers;
