import type { Db } from '../db/database';
import type { FlowConnection, Settings } from './types';

/** SQL over an items row: what identifies the stored type and credential of a connection. */
export const CONNECTION_FINGERPRINT = `md5(coalesce(coalesce(published, body) ->> 'Type', '') || coalesce((coalesce(published, body) -> 'FlowCredential')::text, ''))`;

interface ConnectionRow {
  guid: string;
  name: string;
  type: string | null;
  settings: Settings | null;
  definition: Record<string, unknown> | null;
  fingerprint: string;
}

/** The columns of a connection as flows use it (the published version, else the draft). */
const SELECT = `select guid::text as guid, name, coalesce(published, body) ->> 'Type' as type,
            coalesce(published, body) as definition,
            coalesce(published, body) -> 'FlowCredential' -> 'Settings' as settings,
            ${CONNECTION_FINGERPRINT} as fingerprint
       from items where kind = 'connection'`;

const flowConnectionOf = (row: ConnectionRow): FlowConnection => ({
  guid: row.guid,
  name: row.name,
  type: row.type ?? '',
  settings: row.settings ?? {},
  definition: row.definition ?? {},
  fingerprint: row.fingerprint,
});

/** A connection as flows use it, or undefined when there is none. */
export async function flowConnection(db: Db, guid: string | null): Promise<FlowConnection | undefined> {
  if (!guid) return undefined;
  const [row] = await db.query<ConnectionRow>(`${SELECT} and guid::text = $1`, [guid]);
  return row ? flowConnectionOf(row) : undefined;
}

/** Every connection of these types as flows use them, in one statement. */
export async function flowConnectionsOfTypes(db: Db, types: readonly string[]): Promise<FlowConnection[]> {
  const rows = await db.query<ConnectionRow>(
    `${SELECT} and coalesce(published, body) ->> 'Type' = any($1::text[])`,
    [types],
  );
  return rows.map(flowConnectionOf);
}
