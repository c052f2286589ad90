import { connectionKind, INTERNAL_TYPE } from '../connections/connectionKind';
import type { Db } from '../db/database';
import type { ItemStore } from '../items/itemStore';

/** The connection a call names, or 404 'was not found' (cb.error.loadConnection). */
export async function requireConnection(items: ItemStore, guid: string) {
  return (await items.get(connectionKind, guid)) as {
    FlowConnectionGuid: string;
    Name: string;
    Type?: string;
  };
}

/**
 * The database that holds a connection's records: for 'Internal PostgreSQL' the server's own (the
 * given `db`, which may be a transaction); other types are not reachable from the reference server.
 */
export function recordDatabase(connection: { Type?: string }, db: Db): Db | undefined {
  return connection.Type === INTERNAL_TYPE ? db : undefined;
}
