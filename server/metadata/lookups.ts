import type { MetadataLookups } from '../../src/domain/metadata/lookups';
import type { Db } from '../db/database';
import type { ItemStore } from '../items/itemStore';
import { metadataKind } from './metadataKind';

type ListRow = { Guid: string; Name: string; Items: Array<{ Key: string; Value?: string | null }> };

/** Reference lists (kind 'reference' of the lists table) with their items. */
export const referenceLists = (db: Db) =>
  db.query<ListRow>(
    `select guid::text as "Guid", name as "Name", items as "Items" from lists where kind = 'reference' order by lower(name)`,
  );

/** Foreign reference lists: one item per list, its guid and name. */
export const foreignLists = (db: Db) =>
  db.query<{ Key: string; Value: string }>(
    `select guid::text as "Key", name as "Value" from lists where kind = 'foreign' order by lower(name)`,
  );

type FunctionListRow = {
  Guid: string;
  Name: string;
  FlowConnectionGuid: string | null;
  Fields: Array<{ Name: string; Type: string; Validation?: Record<string, unknown> | null }>;
};

/** Function lists, all or of one connection (spec part 1 §7 'Shared lookups'). */
export const functionLists = (db: Db, connection?: string) =>
  db.query<FunctionListRow>(
    `select guid::text as "Guid", name as "Name", conn_guid::text as "FlowConnectionGuid", fields as "Fields"
       from function_lists where $1::uuid is null or conn_guid = $1::uuid order by lower(name)`,
    [connection ?? null],
  );

/** What the metadata rules look up, read from the server's database (the browser reads the same calls). */
export async function metadataLookups(db: Db, items: ItemStore): Promise<MetadataLookups> {
  const [references, foreign, functions, documents, [setting]] = await Promise.all([
    referenceLists(db),
    foreignLists(db),
    functionLists(db),
    items.publishedNames(metadataKind),
    db.query<{ items: NonNullable<MetadataLookups['defaultValueTypes']> }>(
      "select items from settings where name = 'DefaultValueTypes'",
    ),
  ]);
  return {
    referenceLists: references,
    foreignLists: foreign,
    functionLists: functions,
    publishedDocuments: documents,
    defaultValueTypes: setting?.items ?? [],
    schemaTypes: (references.find((list) => list.Name === 'SchemaTypes')?.Items ?? []).map(
      (item) => item.Key,
    ),
  };
}
