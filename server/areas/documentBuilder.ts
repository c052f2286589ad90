import { externalTableRules, mapsOntoTable } from '../../src/domain/documents/externalTable';
import { normalizeDocument } from '../../src/domain/documents/normalizeDocument';
import { documentRules } from '../../src/domain/documents/rules';
import type { Document } from '../../src/domain/documents/types';
import { assertMayChange } from '../documents/access';
import { recordDatabase, requireConnection } from '../documents/connection';
import { defaultValueTypes, publishedDocuments } from '../documents/context';
import { isExternalDatabase, readTables } from '../documents/externalTables';
import { documentKind } from '../documents/kinds';
import { dropRecordTable, migrateRecordTable } from '../documents/recordTable';
import { saveBuilderItem } from '../documents/saveBuilderItem';
import type { Handlers } from '../http/context';
import { HttpError } from '../http/errors';
import { ItemStore } from '../items/itemStore';

/** A document for pickers: what it is, its key and fields, without references (OnlyElements). */
const onlyElements = ({
  Guid,
  Name,
  Type,
  FlowConnectionGuid,
  Key,
  Elements,
  IsPublished,
  Status,
}: Document) => ({
  Guid,
  Name,
  Type,
  FlowConnectionGuid,
  Key,
  Elements,
  IsPublished,
  Status,
});

/** Names of the connection's documents whose current or published version refers to `guid`. */
function referrers(documents: Document[], guid: string): string[] {
  return documents
    .filter(
      (document) =>
        document.Guid !== guid &&
        ((document.References ?? []).some((reference) => reference.Guid === guid) ||
          document.Elements.some((field) => field.Validation?.Document?.Reference?.DocumentGuid === guid)),
    )
    .map((document) => document.Name);
}

/**
 * Document Builder (spec part 2 §2, §3 'Document', §4, §5 'Document', §6, §7 DocumentBuilder). Documents
 * belong to a connection (the item scope). Publishing a list document creates or migrates its records
 * table in the connection's database in the same transaction as the save.
 */
const handlers: Handlers = {
  'DocumentBuilder.GetConnectionDocuments': async ({ items, params, query }) => {
    await requireConnection(items, params.connection);
    const documents = (
      query.IsPublished
        ? await publishedDocuments(items, params.connection)
        : await items.list(documentKind, params.connection)
    ) as Document[];
    return (query.OnlyElements ? documents.map(onlyElements) : documents) as never;
  },

  'DocumentBuilder.GetConnectionDocument': async ({ items, params }) =>
    (await items.get(documentKind, params.guid, params.connection)) as never,

  // The live catalogue a document over another database's table is picked from (issue 30 point 2).
  'DocumentBuilder.GetConnectionTables': async (services) => {
    const { items, params } = services;
    const connection = await requireConnection(items, params.connection);
    const tables = await readTables(services, connection, (catalogue) => catalogue.list());
    const documented = new Set(
      ((await items.list(documentKind, params.connection)) as Document[]).map((document) =>
        (document.Table ?? '').toLowerCase(),
      ),
    );
    return tables.map((table) => ({ ...table, IsDocumented: documented.has(table.Name.toLowerCase()) }));
  },

  'DocumentBuilder.PostConnectionDocument': async (services) => {
    const { db, items, params, body, principal, now } = services;
    const document = normalizeDocument(body as Document);
    const connection = await requireConnection(items, params.connection);
    // A document over another database's table is checked against its catalogue when it is published,
    // and whether it is a view is the catalogue's word, never the client's (issue 30 point 2).
    const external = isExternalDatabase(connection);
    delete document.IsView;
    const table =
      external && document.IsPublished === true && mapsOntoTable(document)
        ? await readTables(services, connection, async (catalogue) => {
            const [found] = await catalogue.list(catalogue.split(document.Table!.trim()));
            return found;
          })
        : undefined;
    if (table) {
      document.Table = table.Name;
      document.IsView = table.IsView;
    }
    return saveBuilderItem({
      db,
      kind: documentKind,
      area: 'DocumentBuilder',
      connection: params.connection,
      guid: params.guid,
      body: document as unknown as Record<string, unknown>,
      principal,
      now: now(),
      mismatch: 'db.validation.pathMismatch',
      editDenied: 'db.error.editPublished',
      rules: async () => [
        ...documentRules(document, {
          documents: (await publishedDocuments(items, params.connection)).filter(
            (entry) => entry.Guid !== document.Guid,
          ),
          defaultValueTypes: await defaultValueTypes(db),
        }),
        ...externalTableRules(document, { external, table }),
      ],
      inTransaction: async (tx) => {
        // Publishing a list document gives its records a table (spec part 2 §2 'Document Editor').
        const records = recordDatabase(connection, tx);
        if (document.IsPublished === true && document.Type === 'List' && records)
          await migrateRecordTable(records, document);
      },
    });
  },

  'DocumentBuilder.DeleteConnectionDocument': async ({ db, items, params, principal }) => {
    const connection = await requireConnection(items, params.connection);
    const stored = await items.get(documentKind, params.guid, params.connection);
    assertMayChange(principal, 'DocumentBuilder', stored, {
      action: 'delete',
      denied: 'db.error.deletePublished',
    });
    // Published items that use it: refused with the list of what would break (issue 10 point 1); drafts
    // of the connection's documents that refer to it are refused after that, by name.
    await items.assertRemovable(documentKind, params.guid, params.connection);
    const others = [
      ...((await items.list(documentKind, params.connection)) as Document[]),
      ...(await publishedDocuments(items, params.connection)),
    ];
    const names = [...new Set(referrers(others, params.guid))];
    if (names.length > 0) throw new HttpError(400, 'db.docDelete.referenced', { names: names.join(', ') });
    await db.transaction(async (tx) => {
      await new ItemStore(tx).remove(documentKind, params.guid, params.connection);
      // The records go with their document.
      const records = recordDatabase(connection, tx);
      if (records) await dropRecordTable(records, params.guid);
    });
    return true;
  },
};

export default handlers;
