import type pg from 'pg';
import { loadPg } from '../db/pgModule';
import type { Services } from '../http/context';
import { HttpError } from '../http/errors';
import { credentialType, type Driver } from './credentialTypes';
import { openStoredSettings, type Settings } from './secrets';

/** The schema of the internal demo connection: its stored procedures are what the Method Builder offers. */
export const INTERNAL_SCHEMAS = ['demo'];

/** A connection's database, for reading its catalog. */
export interface ConnectionDatabase {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Schemas whose routines are offered, or null for every user schema. */
  schemas: string[] | null;
  close(): Promise<void>;
}

export interface StoredConnection {
  Type?: string;
  FlowCredential?: { Settings?: Settings };
}

const CONNECT_TIMEOUT_MS = 5000;
const STATEMENT_TIMEOUT_MS = 10_000;

/** A connected client for PostgreSQL settings in clear (Host, Port, Database, User, Password, Ssl). */
export async function connectPostgres(settings: Settings): Promise<pg.Client> {
  const { Client } = await loadPg();
  const client = new Client({
    host: String(settings.Host ?? ''),
    port: Number(settings.Port ?? 5432),
    database: String(settings.Database ?? ''),
    user: String(settings.User ?? ''),
    password: String(settings.Password ?? ''),
    ssl: settings.Ssl === true ? { rejectUnauthorized: false } : false,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'uiservices-console',
  });
  // A dropped connection must not crash the server; the failing query reports it.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}

const schemasOf = (settings: Settings): string[] | null => {
  const list = String(settings.Schemas ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 ? list : null;
};

export function driverOf(connection: StoredConnection): Driver {
  return credentialType(connection.Type)?.driver ?? 'none';
}

/**
 * Opens the database a connection points at: the server's own for the internal type (only the demo
 * schema), a PostgreSQL server for the PostgreSQL type. Other types have no catalog (400); a database that
 * cannot be reached answers 502 with the driver's text.
 */
export async function openConnectionDatabase(
  services: Pick<Services, 'db' | 'keys'>,
  connection: StoredConnection,
): Promise<ConnectionDatabase> {
  const driver = driverOf(connection);
  if (driver === 'internal') {
    return {
      query: (sql, params) => services.db.query(sql, params),
      schemas: INTERNAL_SCHEMAS,
      close: async () => {},
    };
  }
  if (driver !== 'postgres') throw new HttpError(400, 'method.error.noCatalog');
  const settings = openStoredSettings(
    services.keys,
    credentialType(connection.Type),
    connection.FlowCredential?.Settings,
  );
  let client: pg.Client;
  try {
    client = await connectPostgres(settings);
  } catch (error) {
    throw new HttpError(502, 'method.error.catalog', { detail: (error as Error).message });
  }
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await client.query(sql, params)).rows as T[];
      } catch (error) {
        throw new HttpError(502, 'method.error.catalog', { detail: (error as Error).message });
      }
    },
    schemas: schemasOf(settings),
    close: () => client.end().catch(() => {}),
  };
}
