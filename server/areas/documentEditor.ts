import { fieldNamed, keyFieldOf } from '../../src/domain/documents/keyField';
import type { Document } from '../../src/domain/documents/types';
import type { Db } from '../db/database';
import { recordDatabase, requireConnection } from '../documents/connection';
import { publishedDocument, publishedDocuments } from '../documents/context';
import { getRecord, listRecords, type ReferenceCheck, saveRecord } from '../documents/records';
import { migrateRecordTable, recordTableExists } from '../documents/recordTable';
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

/**
 * Where a record's foreign values must exist: each reference's foreign key in the referenced document's
 * key, and each mapped field (is_map) in its mapped field.
 */
function referenceChecks(document: Document, published: readonly Document[]): ReferenceCheck[] {
  const checks: ReferenceCheck[] = [];
  for (const reference of document.References ?? []) {
    const target = published.find((entry) => entry.Guid === reference.Guid && entry.Type === 'List');
    const field = fieldNamed(document, reference.Child);
    const targetField = target ? keyFieldOf(target) : undefined;
    if (target && field && targetField) checks.push({ field, target, targetField });
  }
  for (const field of document.Elements) {
    const mapping = field.Validation?.Document?.Reference;
    if (field.IsMapping !== true || !mapping?.DocumentGuid) continue;
    const target = published.find((entry) => entry.Guid === mapping.DocumentGuid && entry.Type === 'List');
    const targetField = target ? fieldNamed(target, mapping.MappingField) : undefined;
    if (target && targetField) checks.push({ field, target, targetField });
  }
  return checks;
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
