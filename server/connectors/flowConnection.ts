import type { Db } from '../db/database';
import type { FlowConnection, Settings } from './types';

/** SQL over an items row: what identifies the stored type and credential of a connection. */
export const CONNECTION_FINGERPRINT = `md5(coalesce(coalesce(published, body) ->> 'Type', '') || coalesce((coalesce(published, body) -> 'FlowCredential')::text, ''))`;

/** A connection as flows use it (the published version, else the draft), or undefined when there is none. */
export async function flowConnection(db: Db, guid: string | null): Promise<FlowConnection | undefined> {
  if (!guid) return undefined;
  const [row] = await db.query<{
    name: string;
    type: string | null;
    settings: Settings | null;
    definition: Record<string, unknown> | null;
    fingerprint: string;
  }>(
    `select name, coalesce(published, body) ->> 'Type' as type, coalesce(published, body) as definition,
            coalesce(published, body) -> 'FlowCredential' -> 'Settings' as settings,
            ${CONNECTION_FINGERPRINT} as fingerprint
       from items where kind = 'connection' and guid::text = $1`,
    [guid],
  );
  return row
    ? {
        guid,
        name: row.name,
        type: row.type ?? '',
        settings: row.settings ?? {},
        definition: row.definition ?? {},
        fingerprint: row.fingerprint,
      }
    : undefined;
}
