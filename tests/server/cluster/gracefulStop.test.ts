import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { templateFile } from '../../support/pgliteTemplate';
import { httpCall, type ServerProcess, startServerProcess } from '../../support/serverProcess';

/**
 * Issue 18 point 5: on SIGTERM a process drains (its health check answers 503 while calls are still
 * answered, so a balancer routes around it), finishes the calls in flight and leaves with 0. One
 * process is enough, so this runs on PGlite too.
 */
describe('graceful stop (issue 18)', () => {
  const folders: string[] = [];
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.kill('SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function start(drainSeconds: number) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uiservices-stop-'));
    folders.push(dataDir);
    const seed = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([readFileSync(templateFile())]),
    });
    await seed.close();
    const server = await startServerProcess({ dataDir, env: { DRAIN_SECONDS: String(drainSeconds) } });
    running.push(server);
    return server;
  }

  /** A sign-in with an unknown e-mail: it answers 400 after a full password hash, so it takes a while. */
  const slowCall = (url: string) =>
    httpCall(url, 'POST', 'Users/Authenticate', {
      body: { Email: `nobody.${Math.random()}@example.com`, Password: 'Wrong!1111' },
    });
  const health = async (url: string) => (await fetch(`${url}/health`)).status;

  it('answers 503 on its health check while draining, still answers calls, then exits 0', async () => {
    const server = await start(3);
    expect(await health(server.url)).toBe(200);
    const stopped = server.kill('SIGTERM');
    await expect.poll(() => health(server.url), { timeout: 2_000, interval: 50 }).toBe(503);
    expect((await slowCall(server.url)).status).toBe(400);
    expect(await stopped).toBe(0);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  }, 60_000);

  it('finishes the calls in flight when it stops', async () => {
    const server = await start(0);
    // The first sign-in makes what is made on first use (validators, the password hasher), which holds the
    // event loop: calls sent meanwhile may still wait unaccepted at the signal, and those are not in flight.
    expect((await slowCall(server.url)).status).toBe(400);
    const answeredAt: number[] = [];
    const calls = Array.from({ length: 12 }, () =>
      slowCall(server.url).then((answer) => {
        answeredAt.push(performance.now());
        return answer;
      }),
    );
    // Twelve password hashes take longer than this on two cores; the calls are sent and accepted by then.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = performance.now();
    const stopped = server.kill('SIGTERM');
    const answers = await Promise.allSettled(calls);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.status : 'failed'))).toEqual(
      Array(12).fill(400),
    );
    // Some were still being answered at the signal, or this proves nothing.
    expect(answeredAt.filter((at) => at > signalled).length).toBeGreaterThan(0);
    expect(await stopped).toBe(0);
  }, 60_000);
});
