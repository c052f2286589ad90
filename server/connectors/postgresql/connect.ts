import type pg from 'pg';
import { loadPg } from '../../db/pgModule';
import type { Settings } from '../types';

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
