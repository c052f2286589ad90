import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { call } from './api';
import type { TestServer } from './testServer';

/**
 * A throwaway database on the test PostgreSQL (TEST_DATABASE_URL, scripts/test-postgres.sh) standing in
 * for a system flows integrate (issue 30 point 2): made with `sql`, dropped by `drop`.
 */
export async function throwawayDatabase(url: URL, sql: string) {
  const name = `ext_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const other = new URL(url.toString());
  other.pathname = `/${name}`;
  const remote = new pg.Client({ connectionString: other.toString() });
  await remote.connect();
  await remote.query(sql);
  return {
    name,
    /** Its URL on the test PostgreSQL. */
    url: other,
    remote,
    /** The PostgreSQL connection's settings for it, as the Connection Builder saves them. */
    settings: {
      Host: url.hostname,
      Port: Number(url.port || 5432),
      Database: name,
      User: decodeURIComponent(url.username),
      Password: decodeURIComponent(url.password) || 'unused',
    },
    async drop() {
      await remote.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Saves a PostgreSQL connection through Connection/PostConnection; answers its guid. */
export async function saveConnection(
  server: TestServer,
  token: string,
  name: string,
  settings: Record<string, unknown>,
) {
  const guid = randomUUID();
  const answer = await call(server, 'POST', 'Connection/PostConnection', {
    token,
    body: {
      FlowConnectionGuid: guid,
      Name: name,
      Type: 'PostgreSQL',
      FlowCredential: { Settings: settings },
    },
  });
  if (answer.status !== 200) throw new Error(`saving the connection: ${JSON.stringify(answer.body)}`);
  return guid;
}

/** Saves `body` through one of the builders' Post calls, then publishes what it read back. */
export async function saveAndPublish(
  server: TestServer,
  token: string,
  path: string,
  readPath: string,
  body: object,
) {
  const saved = await call(server, 'POST', path, { token, body });
  if (saved.status !== 200) return saved;
  const read = await call(server, 'GET', readPath, { token });
  return call(server, 'POST', path, { token, body: { ...read.body, IsPublished: true } });
}
