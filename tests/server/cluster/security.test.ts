import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../server/auth/totp';
import { signInWithStep, startCluster, type TestCluster } from '../../support/cluster';
import { httpCall } from '../../support/serverProcess';

const postgresUrl = process.env.TEST_DATABASE_URL;
const BLOCK_AFTER = 10;

type Tokens = { Token: string; RefreshToken: string };

/**
 * Issue 29 points 4 and 5 on real processes: three servers on one PostgreSQL. What one process decides
 * (a logout, a narrowed role, a session past its end, a count of wrong passwords) holds on the others
 * from the next call.
 */
describe.skipIf(!postgresUrl)('security state shared by three processes (issue 29 points 4, 5)', () => {
  let cluster: TestCluster;
  let client: pg.Client;
  let admin: Tokens;
  const url = (index: number) => cluster.servers[index % cluster.servers.length]!.url;
  const status = async (index: number, path: string, token: string) =>
    (await httpCall(url(index), 'GET', path, { token })).status;
  /** The status on every process, polled for a second: a write reaches the others through its notice. */
  const everywhere = async (path: string, token: string, expected: number) => {
    for (const index of [0, 1, 2])
      await expect.poll(() => status(index, path, token), { timeout: 1_000, interval: 20 }).toBe(expected);
  };

  beforeAll(async () => {
    cluster = await startCluster(postgresUrl!, {
      env: { THROTTLE_SLOW_AFTER: '1000', THROTTLE_BLOCK_AFTER: String(BLOCK_AFTER), DRAIN_SECONDS: '0' },
    });
    client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const signedIn = await signInWithStep(url(0), 0);
    expect(signedIn.status).toBe(200);
    admin = signedIn.tokens!;
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await cluster?.close();
  });

  /** A user holding `permissions`, enrolled through the mailed link and signed in on process `at`. */
  async function enrolledUser(permissions: Record<string, Record<string, boolean>>, at: number) {
    const role = (await httpCall(url(0), 'POST', 'UserManagement/PostRole', {
      token: admin.Token,
      body: { Guid: 0, Name: `Cluster ${randomUUID().slice(0, 6)}`, Permissions: permissions },
    })) as { status: number; body: { Guid: number } };
    const guid = randomUUID();
    const email = `cluster.${guid.slice(0, 8)}@example.com`;
    await httpCall(url(1), 'POST', 'UserManagement/PostUser', {
      token: admin.Token,
      body: { Guid: guid, Email: email, Roles: [role.body.Guid] },
    });
    const { rows } = await client.query<{ link: string }>(
      'select link from outbox where recipient = $1 order by id desc limit 1',
      [email],
    );
    const key = new URL(rows[0]!.link).searchParams.get('key')!;
    const secret = String(
      (
        (await httpCall(url(2), 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`)).body as {
          Secret: string;
        }
      ).Secret,
    );
    const password = 'Cluster!2345';
    const reset = await httpCall(url(0), 'POST', 'Users/ResetPassword', {
      body: { Password: password, Key: key, TwoFA: await totpCode(secret, Date.now() / 1000 - 30) },
    });
    expect(reset.status).toBe(200);
    const first = await httpCall(url(at), 'POST', 'Users/Authenticate', {
      body: { Email: email, Password: password },
    });
    const second = await httpCall(url(at), 'POST', 'Users/Authenticate2FA', {
      token: (first.body as Tokens).Token,
      body: { TwoFA: await totpCode(secret, Date.now() / 1000) },
    });
    expect(second.status).toBe(200);
    return { guid, email, password, role: role.body.Guid, tokens: second.body as Tokens };
  }

  it('a logout on one process ends the session on every process', async () => {
    const user = await enrolledUser({ ConnectionBuilder: { Read: true } }, 1);
    await everywhere('Connection/GetConnections', user.tokens.Token, 200);
    const logout = await httpCall(url(2), 'POST', 'Users/Logout', {
      body: { RefreshToken: user.tokens.RefreshToken },
    });
    expect(logout.status).toBe(200);
    await everywhere('Connection/GetConnections', user.tokens.Token, 401);
    for (const index of [0, 1, 2])
      expect(
        (
          await httpCall(url(index), 'POST', 'Users/RefreshToken', {
            body: { RefreshToken: user.tokens.RefreshToken },
          })
        ).status,
      ).toBe(401);
  });

  it('a permission removed on one process is refused on every process from the next call', async () => {
    const user = await enrolledUser(
      { ConnectionBuilder: { Read: true }, ScriptBuilder: { Upsert: true } },
      2,
    );
    // Every process has judged the token once and keeps the account's state in its cache.
    await everywhere('Connection/GetConnections', user.tokens.Token, 200);
    const role = (
      await httpCall(url(0), 'GET', `UserManagement/GetRole/${user.role}`, { token: admin.Token })
    ).body as Record<string, unknown>;
    const narrowed = await httpCall(url(1), 'POST', 'UserManagement/PostRole', {
      token: admin.Token,
      body: { ...role, Permissions: { ScriptBuilder: { Upsert: true } } },
    });
    expect(narrowed.status).toBe(200);
    await everywhere('Connection/GetConnections', user.tokens.Token, 401);
  });

  it('a session past SESSION_MAX_SECONDS is refused a refresh on every process', async () => {
    const user = await enrolledUser({ ConnectionBuilder: { Read: true } }, 0);
    const claims = JSON.parse(Buffer.from(user.tokens.Token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    // Twelve hours and a minute ago, as a session kept alive by refreshes since would be.
    await client.query("update sessions set created = now() - interval '12 hours 1 minute' where id = $1", [
      claims.sid,
    ]);
    for (const index of [0, 1, 2])
      expect(
        (
          await httpCall(url(index), 'POST', 'Users/RefreshToken', {
            body: { RefreshToken: user.tokens.RefreshToken },
          })
        ).status,
      ).toBe(401);
  });

  it(`30 wrong passwords at once over three processes: at most ${BLOCK_AFTER} are checked, then the right one answers 429`, async () => {
    const user = await enrolledUser({ ConnectionBuilder: { Read: true } }, 0);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        httpCall(url(index), 'POST', 'Users/Authenticate', {
          body: { Email: user.email, Password: 'Wrong!1111' },
        }),
      ),
    );
    const statuses = attempts.map((answer) => answer.status);
    expect(statuses.filter((code) => code === 400).length).toBeLessThanOrEqual(BLOCK_AFTER);
    expect(statuses.filter((code) => code === 400 || code === 429)).toHaveLength(30);
    for (const index of [0, 1, 2]) {
      const right = await httpCall(url(index), 'POST', 'Users/Authenticate', {
        body: { Email: user.email, Password: user.password },
      });
      expect(right.status).toBe(429);
    }
  });
});
