import { totpCode } from '../../server/auth/totp';
import { httpCall, type ServerProcess, startServerProcess } from './serverProcess';
import { createTestDatabase, testAdmin } from './testServer';

/**
 * Several real server processes on one PostgreSQL database of their own (issue 18), for the cluster
 * suite: they are spawned together, so they also start together on the empty database.
 */
export interface TestCluster {
  databaseUrl: string;
  servers: ServerProcess[];
  /** Stops every process still running (SIGTERM) and drops the database. */
  close(): Promise<void>;
}

export async function startCluster(
  postgresUrl: string,
  options: { processes?: number; env?: Record<string, string> } = {},
): Promise<TestCluster> {
  const database = await createTestDatabase(postgresUrl);
  const started = await Promise.allSettled(
    Array.from({ length: options.processes ?? 3 }, () =>
      startServerProcess({ env: { DATABASE_URL: database.url, ...options.env } }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await database.drop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { databaseUrl: database.url, servers, close };
}

/**
 * Signs the demo administrator in on one process with the code of the TOTP step `step` windows from
 * now (-1, 0 or 1 are accepted). A code is good once, and a later sign-in needs a later step, so a test
 * signing in on three processes within one window uses -1, 0 and 1 in that order.
 */
export async function signInWithStep(
  url: string,
  step: -1 | 0 | 1,
): Promise<{ status: number; tokens?: { Token: string; RefreshToken: string } }> {
  const first = await httpCall(url, 'POST', 'Users/Authenticate', {
    body: { Email: testAdmin.email, Password: testAdmin.password },
  });
  if (first.status !== 200) return { status: first.status };
  const second = await httpCall(url, 'POST', 'Users/Authenticate2FA', {
    token: (first.body as { Token: string }).Token,
    body: { TwoFA: await totpCode(testAdmin.totpSecret, Date.now() / 1000 + step * 30) },
  });
  return second.status === 200
    ? { status: 200, tokens: second.body as { Token: string; RefreshToken: string } }
    : { status: second.status };
}
