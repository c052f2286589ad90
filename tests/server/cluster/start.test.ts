import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithStep, startCluster, type TestCluster } from '../../support/cluster';
import { httpCall } from '../../support/serverProcess';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Issue 18 point 3: processes started at the same moment on one empty PostgreSQL. */
describe.skipIf(!postgresUrl)('safe concurrent starts on PostgreSQL (issue 18)', () => {
  let cluster: TestCluster | undefined;
  afterAll(() => cluster?.close());

  it('three processes started at once on an empty database all come up, sign in and agree', async () => {
    cluster = await startCluster(postgresUrl!);
    const tokens: string[] = [];
    for (const [index, server] of cluster.servers.entries()) {
      const signIn = await signInWithStep(server.url, ([-1, 0, 1] as const)[index]!);
      expect(signIn.status, `sign-in on process ${index + 1}`).toBe(200);
      tokens.push(signIn.tokens!.Token);
    }
    // One set of keys: a token signed by any process is good on every other.
    for (const [index, token] of tokens.entries()) {
      const other = cluster.servers[(index + 1) % cluster.servers.length]!;
      expect((await httpCall(other.url, 'GET', 'Connection/GetConnections', { token })).status).toBe(200);
    }
    // Migrated and seeded once.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ users: string; keys: string; migrations: string }>(
        `select (select count(*) from users) as users, (select count(*) from server_keys) as keys,
                (select count(*) - count(distinct version) from schema_migrations) as migrations`,
      );
      expect(rows[0]).toEqual({ users: 1, keys: 2, migrations: 0 });
    } finally {
      await client.end();
    }
  }, 120_000);
});
