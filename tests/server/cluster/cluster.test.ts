import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Haproxy, startHaproxy } from '../../../scripts/lib/cluster';
import { signInWithStep, startCluster, type TestCluster } from '../../support/cluster';
import { httpCall } from '../../support/serverProcess';
import { testAdmin } from '../../support/testServer';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** Wrong passwords before the account blocks (THROTTLE_BLOCK_AFTER), with no slow-down before it. */
const BLOCK_AFTER = 5;

type Tokens = { Token: string; RefreshToken: string };

/**
 * Issue 18's acceptance on real processes: three server processes (`server/main.ts`, spawned) started
 * at the same moment on one empty PostgreSQL database, and HAProxy in front for the crash test. The
 * tests run in order on the one cluster: the sign-ins of the first give every later test its sessions.
 */
describe.skipIf(!postgresUrl)('three server processes on one PostgreSQL (issue 18)', () => {
  let cluster: TestCluster;
  let proxy: Haproxy | undefined;
  const sessions: Tokens[] = [];
  const server = (index: number) => cluster.servers[index % cluster.servers.length]!;

  beforeAll(async () => {
    cluster = await startCluster(postgresUrl!, {
      env: { THROTTLE_SLOW_AFTER: '1000', THROTTLE_BLOCK_AFTER: String(BLOCK_AFTER), DRAIN_SECONDS: '0' },
    });
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    await cluster?.close();
  });

  it('all come up at once on the empty database and agree; a TOTP code used on one is refused on another', async () => {
    // Codes of the steps -1, 0 and 1 are good now, each once: step -1 on the first process, then the
    // same code on the second (refused), then the next step there, and so on.
    // Steps count from now, so the sequence must not straddle a 30 s step: a replay of "step 0" after the
    // step turned is a fresh code, and was accepted (a failed run). Start early in a step.
    const intoStep = Date.now() % 30_000;
    if (intoStep > 15_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 200));
    for (const [index, step] of ([-1, 0, 1] as const).entries()) {
      if (index > 0) {
        const replay = await signInWithStep(server(index).url, (step - 1) as -1 | 0);
        expect(replay.status, `the code of step ${step - 1} again, on process ${index + 1}`).toBe(400);
      }
      const signIn = await signInWithStep(server(index).url, step);
      expect(signIn.status, `sign-in on process ${index + 1}`).toBe(200);
      sessions.push(signIn.tokens!);
    }
    // One set of keys: a token signed by any process is good on every other.
    for (const [index, { Token }] of sessions.entries()) {
      const answer = await httpCall(server(index + 1).url, 'GET', 'Connection/GetConnections', {
        token: Token,
      });
      expect(answer.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select (select count(*)::int from users) as users, (select count(*)::int from server_keys) as keys,
                (select count(*)::int - count(distinct version)::int from schema_migrations) as repeated`,
      );
      expect(rows[0]).toEqual({ users: 1, keys: 2, repeated: 0 });
    } finally {
      await client.end();
    }
  });

  // The first process writes and the other two read, by turns: a process that wrote itself would have
  // dropped its own caches, and could not show whether it hears the others' writes.
  it('1,000 writes, each read on another process at once: no read is stale after 1 s', async () => {
    const { Token: token } = sessions[0]!;
    const types = await httpCall(server(0).url, 'GET', 'Connection/CredentialTypes', { token });
    const type = (types.body as Array<{ Name: string }>)[0]!.Name;
    let next = 0;
    const staleAfterASecond: string[] = [];
    const lane = async () => {
      // Twenty stale reads are answer enough; waiting a second for each of a thousand is not.
      for (let n = next++; n < 1000 && staleAfterASecond.length < 20; n = next++) {
        const name = `Pair${String(n).padStart(4, '0')}_${randomUUID().slice(0, 8)}`;
        const saved = await httpCall(server(0).url, 'POST', 'Connection/PostConnection', {
          token,
          body: {
            FlowConnectionGuid: randomUUID(),
            Name: name,
            Type: type,
            IsInternal: false,
            AvailableModules: [],
          },
        });
        expect(saved.status).toBe(200);
        const acknowledged = Date.now();
        // The page of a search is cut from the whole list, which each process keeps until a write.
        const read = async () => {
          const page = await httpCall(
            server(1 + (n % 2)).url,
            'GET',
            `Connection/GetConnections?search=${name}&page=1&pageSize=20`,
            { token },
          );
          return (page.body as Array<{ Name: string }>).some((row) => row.Name === name);
        };
        if (await read()) continue;
        let found = false;
        while (!found && Date.now() - acknowledged < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          found = await read();
        }
        if (!found) staleAfterASecond.push(`${name} read on process ${2 + (n % 2)}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));
    expect(staleAfterASecond).toEqual([]);
  }, 120_000);

  it('a refresh token reused on another process revokes its session on every process', async () => {
    const session = sessions[2]!;
    const refreshed = await httpCall(server(1).url, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: session.RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    const rotated = refreshed.body as Tokens;
    // Each process has checked the session's access tokens, so each keeps "not revoked" in its cache.
    for (const index of [0, 1, 2])
      for (const token of [session.Token, rotated.Token])
        expect(
          (await httpCall(server(index).url, 'GET', 'Connection/GetConnections', { token })).status,
        ).toBe(200);

    const reused = await httpCall(server(2).url, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: session.RefreshToken },
    });
    expect(reused.status).toBe(401);
    const next = await httpCall(server(0).url, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: rotated.RefreshToken },
    });
    expect(next.status).toBe(401);
    for (const index of [0, 1, 2])
      for (const token of [session.Token, rotated.Token])
        await expect
          .poll(
            async () =>
              (await httpCall(server(index).url, 'GET', 'Connection/GetConnections', { token })).status,
            { timeout: 1_000, interval: 20 },
          )
          .toBe(401);
    // The other sessions are untouched.
    expect(
      (await httpCall(server(2).url, 'GET', 'Connection/GetConnections', { token: sessions[0]!.Token }))
        .status,
    ).toBe(200);
  });

  it('wrong passwords spread over the three processes block at the same count as on one', async () => {
    const attempt = (index: number, password: string) =>
      httpCall(server(index).url, 'POST', 'Users/Authenticate', {
        body: { Email: testAdmin.email, Password: password },
      });
    for (let n = 0; n < BLOCK_AFTER; n++) expect((await attempt(n, 'Wrong!1111')).status).toBe(400);
    // Blocked on every process, even with the right password.
    for (const index of [0, 1, 2]) expect((await attempt(index, testAdmin.password)).status).toBe(429);
  });

  it('a process SIGKILLed during a burst of saves through HAProxy loses no acknowledged save; the others keep answering', async () => {
    proxy = await startHaproxy({
      bind: '127.0.0.1',
      port: await freePort(),
      servers: cluster.servers.map((process) => process.port),
    });
    const { Token: token } = sessions[0]!;
    const acked: Array<{ guid: number; revision: number; at: number }> = [];
    const latest = new Map<number, number>();
    let killedAt = Number.POSITIVE_INFINITY;
    let attempts = 0;
    const writer = async (lane: number) => {
      for (let n = 0; attempts++ < 600; n++) {
        // New roles, and updates of roles this writer saved, carrying the revision it was answered.
        const previous = n % 2 === 1 ? [...latest.entries()].find(([guid]) => guid % 6 === lane) : undefined;
        try {
          const answer = await httpCall(proxy!.url, 'POST', 'UserManagement/PostRole', {
            token,
            body: {
              Guid: previous ? previous[0] : 0,
              Name: previous
                ? `burst ${previous[0]} v${previous[1] + 1}`
                : `burst ${lane}.${n}.${randomUUID().slice(0, 6)}`,
              Permissions: { Dashboard: { Read: true } },
              ...(previous ? { Revision: previous[1] } : {}),
            },
          });
          if (answer.status !== 200) continue;
          const saved = answer.body as { Guid: number; Revision: number };
          acked.push({ guid: saved.Guid, revision: saved.Revision, at: Date.now() });
          latest.set(saved.Guid, saved.Revision);
        } catch {
          // the connection died with the process: not acknowledged
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 6 }, (_, lane) => writer(lane)));
    await expect.poll(() => acked.length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(60);
    killedAt = Date.now();
    await server(1).kill('SIGKILL');
    await burst;

    const afterTheKill = acked.filter((ack) => ack.at > killedAt).length;
    expect(afterTheKill, 'saves acknowledged after the kill').toBeGreaterThan(50);
    const roles = await httpCall(server(0).url, 'GET', 'UserManagement/GetRoles', { token });
    expect(roles.status).toBe(200);
    const stored = new Map(
      (roles.body as Array<{ Guid: number; Revision: number }>).map((role) => [role.Guid, role.Revision]),
    );
    const lost = [...latest].filter(([guid, revision]) => (stored.get(guid) ?? -1) < revision);
    expect(lost, 'acknowledged saves missing or older').toEqual([]);
    for (const index of [0, 2]) expect((await fetch(`${server(index).url}/health`)).status).toBe(200);
    expect((await fetch(`${proxy.url}/health`)).status).toBe(200);
  }, 120_000);
});
