import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateCounts } from '../../server/http/rateCounts';
import { call } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

/**
 * Security state lives in the database and changes there in one statement (issue 18 point 2), so calls
 * at the same moment, on one process or several, cannot both pass a check made before either wrote.
 * The suite in tests/server/cluster/ checks the same across real processes on PostgreSQL.
 */
describe.each(databaseTargets)('security state held in the database on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { throttle: { slowAfter: 100, blockAfter: 200 } });
  });
  afterAll(() => server?.close());

  it('counts every one of simultaneous wrong passwords', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(server, 'POST', 'Users/Authenticate', {
          body: { Email: testAdmin.email, Password: 'Wrong!1111' },
        }),
      ),
    );
    expect(attempts.map((answer) => answer.status)).toEqual(Array(8).fill(400));
    const [row] = await server.db.query<{ failed_attempts: number }>(
      'select failed_attempts from users where lower(email) = lower($1)',
      [testAdmin.email],
    );
    expect(row!.failed_attempts).toBe(8);
  });

  // PostgreSQL only: the calls are made to meet at the same moment by holding the user's row, which
  // needs a second connection; PGlite has one.
  it.skipIf(target.name !== 'postgres')(
    'takes a TOTP code once when it is sent several times at the same moment',
    async () => {
      server.clock.advance(30);
      const tokens: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await call(server, 'POST', 'Users/Authenticate', {
          body: { Email: testAdmin.email, Password: testAdmin.password },
        });
        tokens.push(answer.body.Token as string);
      }
      const code = await server.code(testAdmin.totpSecret);
      let answers: Array<{ status: number }> = [];
      // Every call reads the user and checks the code, then waits for the row before it writes.
      await server.db.transaction(async (tx) => {
        await tx.query('select 1 from users where lower(email) = lower($1) for update', [testAdmin.email]);
        const calls = Promise.all(
          tokens.map((token) =>
            call(server, 'POST', 'Users/Authenticate2FA', { token, body: { TwoFA: code } }),
          ),
        );
        await expect
          .poll(
            async () =>
              (
                await server.db.query<{ n: number }>(
                  `select count(*)::int as n from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock'`,
                )
              )[0]!.n,
            { timeout: 20_000, interval: 50 },
          )
          .toBe(tokens.length);
        void calls.then((done) => {
          answers = done;
        });
      });
      await expect.poll(() => answers.length, { timeout: 20_000 }).toBe(tokens.length);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(tokens.length - 1);
    },
  );

  it('counts calls of two processes in one window', async () => {
    // Two counters on one database stand for two processes.
    const [one, two] = [new RateCounts(server.db), new RateCounts(server.db)];
    const now = Date.now();
    for (let i = 0; i < 5; i++) one.take('shared key', 60_000, now);
    await one.flush();
    // A process decides from what the table told it at its last flush, plus its own calls since.
    expect(two.take('shared key', 60_000, now).count).toBe(1);
    await two.flush();
    expect(two.take('shared key', 60_000, now).count).toBe(7);
    await two.flush();
    expect(one.take('shared key', 60_000, now).count).toBe(6);
    await one.flush();
    expect(one.take('shared key', 60_000, now).count).toBe(9);
    await one.close();
    await two.close();
  });
});
