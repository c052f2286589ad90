import type pg from 'pg';
import { loadPg } from '../../db/pgModule';
import type { Settings } from '../types';

const CONNECT_TIMEOUT_MS = 5000;
const STATEMENT_TIMEOUT_MS = 10_000;

/** TLS when Ssl, the certificate verified unless SslVerify is off (issue 30 point 2). */
const tlsOf = (settings: Settings) =>
  settings.Ssl === true ? { rejectUnauthorized: settings.SslVerify !== false } : false;

/**
 * Where and how to connect, from PostgreSQL settings in clear (Host, Port, Database, User, Password, Ssl):
 * the one reading of them that Test Connection, the catalogue and the flows' pools share.
 */
export const connectionConfig = (settings: Settings) => ({
  host: String(settings.Host ?? ''),
  port: Number(settings.Port ?? 5432),
  database: String(settings.Database ?? ''),
  user: String(settings.User ?? ''),
  password: String(settings.Password ?? ''),
  ssl: tlsOf(settings),
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
});

/** A connected client for PostgreSQL settings in clear. */
export async function connectPostgres(settings: Settings): Promise<pg.Client> {
  const { Client } = await loadPg();
  const client = new Client({
    ...connectionConfig(settings),
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
