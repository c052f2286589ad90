import { openConnectionDatabase, type StoredConnection } from '../connections/connectionDatabase';
import { INTERNAL_TYPE } from '../connections/connectionKind';
import { listTables, splitTableName } from '../connections/tableCatalog';
import { connectorKind } from '../connectors';
import { flowConnection } from '../connectors/flowConnection';
import type { FlowDatabase } from '../connectors/types';
import type { Schemas } from '../contract/types';
import type { Services } from '../http/context';
import { HttpError } from '../http/errors';

type ExternalTable = Schemas['ExternalTable'];

/**
 * Documents over a table or view of another database (issue 30 point 2): a connection whose kind has a
 * catalogue and that is not the server's own holds its documents' records in its own tables.
 */
export const isExternalDatabase = (connection: { Type?: string | undefined }) =>
  connection.Type !== INTERNAL_TYPE && connectorKind(connection.Type)?.openCatalog !== undefined;

/**
 * Reads the tables and views of a connection's database through its kind's catalogue, and closes it.
 * The internal connection and kinds without a catalogue answer 400 db.error.noTables; a database that
 * cannot be read answers 502 with the driver's words (the admin saved this connection and sees why).
 */
export async function readTables<T>(
  services: Pick<Services, 'db' | 'keys'>,
  connection: StoredConnection,
  read: (tables: {
    list(only?: { schema: string; table: string }): Promise<ExternalTable[]>;
    split(name: string): { schema: string; table: string };
  }) => Promise<T>,
): Promise<T> {
  if (!isExternalDatabase(connection)) throw new HttpError(400, 'db.error.noTables');
  let database: Awaited<ReturnType<typeof openConnectionDatabase>>;
  try {
    database = await openConnectionDatabase(services, connection);
  } catch (error) {
    throw catalogError(error);
  }
  try {
    return await read({
      list: (only) =>
        listTables(database, only).catch((error: unknown) => Promise.reject(catalogError(error))),
      split: (name) => splitTableName(name, database),
    });
  } finally {
    await database.close();
  }
}

/** The catalogue's failure in the Document Builder's words (the kind answers in the Method Builder's). */
function catalogError(error: unknown) {
  if (error instanceof HttpError && error.messageKey === 'method.error.catalog')
    return new HttpError(502, 'db.error.catalog', error.params);
  return error;
}

/**
 * The database holding the records of a document over another database's table: the connection's pool
 * as flows use it (server/connectors/<kind>/flowDatabase), so the Document Editor and the flows share
 * one pool and its failures answer 502/504 without the remote's text.
 */
export async function externalRecords(
  services: Pick<Services, 'db' | 'keys' | 'config'>,
  connectionGuid: string,
): Promise<FlowDatabase> {
  const connection = await flowConnection(services.db, connectionGuid);
  const kind = connectorKind(connection?.type);
  if (!connection || !kind?.flowDatabase)
    throw new HttpError(400, 'de.error.connectionNotSupported', { type: connection?.type ?? '—' });
  return kind.flowDatabase(connection, {
    db: services.db,
    keys: services.keys,
    config: services.config.runtime,
  });
}
