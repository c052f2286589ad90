import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

describe.each(databaseTargets)('rate limits on $name', (target) => {
  describe('per account: wrong passwords slow down, then block', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(target, {
        throttle: { slowAfter: 2, blockAfter: 4, blockSeconds: 600 },
      });
    });
    afterAll(() => server?.close());

    const attempt = (password: string) =>
      call(server, 'POST', 'Users/Authenticate', { body: { Email: testAdmin.email, Password: password } });

    it('answers 429 with a message while slowed down or blocked, then lets the owner in', async () => {
      expect((await attempt('Wrong!1111')).status).toBe(400);
      expect((await attempt('Wrong!1111')).status).toBe(400);
      // Two failures: the next try must wait a second.
      const slowed = await attempt(testAdmin.password);
      expect(slowed.status).toBe(429);
      expect(String(slowed.body.Message)).toMatch(/wait \d+ seconds/);
      server.clock.advance(2);
      expect((await attempt('Wrong!1111')).status).toBe(400);
      server.clock.advance(3);
      expect((await attempt('Wrong!1111')).status).toBe(400);
      // Four failures: blocked for ten minutes, even with the right password.
      server.clock.advance(60);
      const blocked = await attempt(testAdmin.password);
      expect(blocked.status).toBe(429);
      expect(String(blocked.body.Message)).toMatch(/wait (5\d\d|600) seconds/);
      server.clock.advance(601);
      expect((await attempt(testAdmin.password)).status).toBe(200);
    });
  });

  describe('per address on the account calls', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(target, { accountRateLimit: 5 });
    });
    afterAll(() => server?.close());

    it('answers 429 with a message past the limit, per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await call(server, 'POST', 'Users/CheckSecretKey', {
          body: { Key: `k${i}` },
          ip: '10.0.0.1',
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body.Message).toBeTruthy();
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const other = await call(server, 'POST', 'Users/CheckSecretKey', {
        body: { Key: 'x' },
        ip: '10.0.0.2',
      });
      expect(other.status).toBe(200);
    });
  });
});
