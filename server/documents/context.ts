import type { DefaultValueType, Document } from '../../src/domain/documents/types';
import type { Db } from '../db/database';
import type { ItemStore } from '../items/itemStore';
import { documentKind } from './kinds';

/** The published versions of a connection's documents: what references, children and actions build on. */
export async function publishedDocuments(items: ItemStore, connection: string): Promise<Document[]> {
  return (await items.listPublished(documentKind, connection)) as unknown as Document[];
}

/** The published version of one document of the connection, or undefined. */
export async function publishedDocument(items: ItemStore, connection: string, guid: string) {
  return (await items.findPublished(documentKind, guid, connection)) as unknown as Document | undefined;
}

/** The setting DefaultValueTypes (spec part 2 §3 'Field options'). */
export async function defaultValueTypes(db: Db): Promise<DefaultValueType[]> {
  const [setting] = await db.query<{ items: DefaultValueType[] }>(
    "select items from settings where name = 'DefaultValueTypes'",
  );
  return setting?.items ?? [];
}
