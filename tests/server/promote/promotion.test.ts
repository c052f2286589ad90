import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import seedFunctionLists from '../../../server/seed/demo/021_function_lists';
import { demoFlowCustomers, seedLookups } from '../../../server/seed/demo/050_flows';
import { call, signIn } from '../../support/api';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

type Files = Array<{ Path: string; Content: string }>;

const CUSTOMER_DOCUMENT = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';

const adminToken = async (server: TestServer) =>
  (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
const exported = async (server: TestServer) =>
  (await call(server, 'GET', 'Promote/ExportDefinitions', { token: await adminToken(server) })).body
    .Files as unknown as Files;

/** The calls both servers answer, with what of the answer is the server's own (a new reference, a time). */
const calls: Array<{ method: 'GET' | 'POST'; path: string; body?: unknown; own?: string[] }> = [
  { method: 'GET', path: `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}` },
  { method: 'GET', path: `orders_api/customers/credit?customerId=${demoFlowCustomers.outOfRange.Id}` },
  { method: 'GET', path: 'orders_api/customers/credit?customerId=not-a-guid' },
  {
    method: 'POST',
    path: 'orders_api/orders/notify',
    body: { email: 'buyer@example.com', amount: 100 },
    own: ['reference', 'sentAt', 'messageId'],
  },
  { method: 'POST', path: 'orders_api/orders/notify', body: { amount: 100 } },
];

async function answers(server: TestServer) {
  const token = await demoToken(server);
  const out: unknown[] = [];
  for (const entry of calls) {
    const answer = await restCall(server, entry.method, entry.path, { token, body: entry.body });
    const body = { ...(answer.body as Record<string, unknown>) };
    for (const key of entry.own ?? []) {
      expect(body[key], `${entry.path} ${key}`).toBeTruthy();
      delete body[key];
    }
    out.push([entry.method, entry.path, answer.status, body]);
  }
  return out;
}

/**
 * The proof of promotion (issue 31 point 5): the demo data leaves a development server as files, lands on
 * an empty server (the platform without demo data) on PGlite and on PostgreSQL, the demo flows answer the
 * same calls the same, and that server's export is the first byte for byte (the export has no secrets to set aside).
 */
describe.each(databaseTargets)(
  'promotion from development to production ($name; issue 31 point 5)',
  (target) => {
    let source: TestServer;
    let empty: TestServer;
    let files: Files;
    beforeAll(async () => {
      source = await startTestServer(databaseTargets[0]!);
      files = await exported(source);
      empty = await startTestServer(
        target,
        {},
        {
          demo: false,
          // What the platform offers flows besides definitions: its external connector methods, functions
          // and function lists (server/seed/demo/050_flows.ts, 021_function_lists.ts).
          platform: async (db) => {
            await seedLookups(db);
            await seedFunctionLists(db, undefined as never, undefined as never);
          },
        },
      );
    });
    afterAll(async () => {
      await source?.close();
      await empty?.close();
    });

    it('the empty server has no definitions of the demo (control)', async () => {
      const before = await exported(empty);
      expect(before.map((file) => file.Path.split('/')[0])).not.toContain('flow');
      expect(before.length).toBeLessThan(files.length / 2);
      expect((await restCall(empty, 'GET', 'orders_api/customers/credit?customerId=x')).status).toBe(404);
    });

    it('imports the whole folder in one go: every item new, then unchanged', async () => {
      const token = await adminToken(empty);
      const preview = await call(empty, 'POST', 'Promote/ImportDefinitions', {
        token,
        body: { Files: files, DryRun: true },
      });
      expect(preview.body.Errors).toEqual([]);
      const statuses = (preview.body.Items as Array<{ Path: string; Status: string }>).filter(
        (item) => !item.Path.startsWith('role/'),
      );
      expect(new Set(statuses.map((item) => item.Status))).toEqual(new Set(['new']));
      const applied = await call(empty, 'POST', 'Promote/ImportDefinitions', {
        token,
        body: { Files: files },
      });
      expect([applied.status, applied.body.Applied, applied.body.Errors]).toEqual([200, true, []]);
      const again = await call(empty, 'POST', 'Promote/ImportDefinitions', { token, body: { Files: files } });
      expect(new Set((again.body.Items as Array<{ Status: string }>).map((item) => item.Status))).toEqual(
        new Set(['unchanged']),
      );
    });

    it('the demo flows answer the same calls with the same answers', async () => {
      // Records are data, not definitions: the customers the credit flow reads are entered as an admin would.
      const token = await adminToken(empty);
      for (const customer of Object.values(demoFlowCustomers)) {
        const saved = await call(
          empty,
          'POST',
          `DocumentEditor/PostRecord/${DEMO_CONNECTION_GUID}/${CUSTOMER_DOCUMENT}`,
          {
            token,
            body: { ...customer, Since: '2024-01-01T00:00:00' },
          },
        );
        expect(saved.status).toBe(200);
      }
      const expected = await answers(source);
      expect(expected[0]).toEqual(['GET', calls[0]!.path, 200, { name: 'Northwind Traders', credit: 1500 }]);
      expect(await answers(empty)).toEqual(expected);
    });

    it('a second export of the imported server equals the first byte for byte', async () => {
      const second = await exported(empty);
      expect(second.map((file) => file.Path)).toEqual(files.map((file) => file.Path));
      for (const [index, file] of second.entries())
        expect(file.Content, file.Path).toBe(files[index]!.Content);
    });
  },
);
