import { mapsOntoTable } from '../../src/domain/documents/externalTable';
import type { Document } from '../../src/domain/documents/types';
import { recordDatabase, requireConnection } from '../documents/connection';
import { publishedDocument, publishedDocuments } from '../documents/context';
import { externalRecords, isExternalDatabase } from '../documents/externalTables';
import { deleteRecord, getRecord, listRecords, type RecordDb, saveRecord } from '../documents/records';
import { migrateRecordTable, recordTableExists } from '../documents/recordTable';
import { referenceChecks } from '../documents/references';
import type { Handlers, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';

/**
 * A published list document of the connection with the database holding its records: the table or view
 * of another database it maps onto (issue 30 point 2), else its own table, made here if it is missing (a
 * document published before its connection held records).
 */
async function listDocument(
  services: Services,
  connectionGuid: string,
  guid: string,
): Promise<{ document: Document; records: RecordDb }> {
  const { items, db } = services;
  const connection = await requireConnection(items, connectionGuid);
  const document = await publishedDocument(items, connectionGuid, guid);
  if (document?.Type !== 'List') throw notFound('db.error.loadDocument');
  if (isExternalDatabase(connection) && mapsOntoTable(document))
    return { document, records: await externalRecords(services, connectionGuid) };
  const records = recordDatabase(connection, db);
  if (!records) throw new HttpError(400, 'de.error.connectionNotSupported', { type: connection.Type ?? '—' });
  if (!(await recordTableExists(records, document.Guid))) await migrateRecordTable(records, document);
  return { document, records };
}

/** A document over a view reads only (issue 30 point 2: the catalogue said so when it was published). */
function refuseView(document: Document) {
  if (document.IsView === true)
    throw new HttpError(400, 'de.error.viewReadOnly', { document: document.Name });
}

/** Document Editor (spec part 2 §2 'Document Editor', §7 DocumentEditor): records of published list documents. */
const handlers: Handlers = {
  'DocumentEditor.GetListDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await publishedDocuments(items, params.connection)).filter(
      (document) => document.Type === 'List',
    ) as never;
  },

  'DocumentEditor.GetRecords': async (services) => {
    const { params, query } = services;
    const { document, records } = await listDocument(services, params.connection, params.guid);
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

  'DocumentEditor.PostRecord': async (services) => {
    const { items, params, query, body, principal, now } = services;
    const { document, records } = await listDocument(services, params.connection, params.guid);
    refuseView(document);
    const published = await publishedDocuments(items, params.connection);
    return saveRecord(records, document, body as Record<string, unknown>, {
      isNew: query.IsNew,
      principal,
      now: now(),
      references: referenceChecks(document, published),
    }) as never;
  },

  'DocumentEditor.DeleteRecord': async (services) => {
    const { params, query } = services;
    const { document, records } = await listDocument(services, params.connection, params.guid);
    refuseView(document);
    await deleteRecord(records, document, query.keyField, query.keyValue);
    return true;
  },
};

export default handlers;
