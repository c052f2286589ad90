import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { flowConnection } from '../../../server/connectors/flowConnection';
import { flowPoolsOf } from '../../../server/connectors/postgresql';
import type { FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { countingGuids, flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const url = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

/** A port nothing listens on: bound, then released. */
async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// Issue 30 point 2 (methods of an external PostgreSQL connection in READ and WRITE blocks, one pool per
// connection reopened when the connection is saved) and point 6 (502/504 in the catalogue's words).
// The other database is a throwaway one on the test PostgreSQL, so this runs only with TEST_DATABASE_URL.
describe.skipIf(!url).each(databaseTargets)(
  'flows on an external PostgreSQL ($name; issue 30 points 2, 6)',
  (target) => {
    const name = `ext_${randomUUID().slice(0, 8)}`;
    let admin: pg.Client;
    let remote: pg.Client;
    let server: TestServer;
    let token: string;
    let apiToken: string;
    const connectionGuid = randomUUID();
    const connectionName = `Shop_${connectionGuid.slice(0, 6)}`;
    const methods: Record<string, string> = {};

    const settings = (port: number, database = name) => ({
      Host: url!.hostname,
      Port: port,
      Database: database,
      User: decodeURIComponent(url!.username),
      Password: decodeURIComponent(url!.password) || 'unused',
    });
    let revision: number | undefined;
    /** Saves the connection (the Connection Builder's call, with the revision it changes after the first). */
    const saveConnection = async (port: number, database?: string) => {
      const answer = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          FlowConnectionGuid: connectionGuid,
          Name: connectionName,
          Type: 'PostgreSQL',
          FlowCredential: { Settings: settings(port, database) },
          ...(revision !== undefined ? { Revision: revision } : {}),
        },
      });
      revision = (answer.body as { Revision?: number }).Revision;
      return answer;
    };

    /** A method made from the live catalogue through the Method Builder's calls, then published. */
    async function methodOf(routine: string, isRead: boolean) {
      const parameters = await call(
        server,
        'GET',
        `SPActionDocument/GetSPParameters/${connectionGuid}/${routine}`,
        {
          token,
        },
      );
      expect(parameters.status).toBe(200);
      const guid = randomUUID();
      const body = {
        Guid: guid,
        Name: routine.replace('.', '_'),
        Type: 'Stored Procedure',
        FlowConnectionGuid: connectionGuid,
        IsSp: true,
        IsRead: isRead,
        FullOutput: (parameters.body.Output as unknown[]).length === 0,
        Script: routine,
        Input: parameters.body.Input,
        // What the admin types in the Method Builder: a function's result columns carry no length in the
        // catalogue, and a string output needs one.
        Output: (parameters.body.Output as FlowField[]).map((field) =>
          field.Type === 'String' ? { ...field, Validation: { ...field.Validation, Max: 50 } } : field,
        ),
      };
      const path = `SPActionDocument/PostConnectionMethod/${connectionGuid}/${guid}`;
      const created = await call(server, 'POST', path, { token, body });
      expect([created.status, created.body]).toEqual([200, expect.anything()]);
      const read = await call(
        server,
        'GET',
        `SPActionDocument/GetConnectionMethod/${connectionGuid}/${guid}`,
        { token },
      );
      expect(
        (await call(server, 'POST', path, { token, body: { ...read.body, IsPublished: true } })).status,
      ).toBe(200);
      return guid;
    }

    let counter = 0;
    async function publish(
      steps: Step[],
      options: { method?: HttpMethod; startFields?: FlowField[]; result?: { output?: FlowField[] } },
    ) {
      counter += 1;
      const built = flowOf(steps, { ...options, newGuid: countingGuids(`x${counter}`) });
      const flow: RestMethodFlow = {
        ...built.flow,
        Guid: randomUUID(),
        Name: `external/flow${counter}`,
        Api: ORDERS_API,
        IsScript: false,
      };
      await publishFlow(server.db, flow);
      return `orders_api/${flow.Name}`;
    }

    const readStep = (
      method: string,
      routine: string,
      from: string,
      to: string,
      output: FlowField[],
    ): Step => ({
      type: 'read',
      config: {
        Action: {
          Guid: method,
          Name: routine,
          Type: 'Method',
          FlowConnectionGuid: connectionGuid,
          IsRead: true,
        },
        Mapping: [{ From: from, To: to }],
        FirstMatch: true,
      },
      output,
    });

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url!.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const other = new URL(url!.toString());
      other.pathname = `/${name}`;
      remote = new pg.Client({ connectionString: other.toString() });
      await remote.connect();
      await remote.query(`
      create table product (id integer primary key, name varchar(50) not null, price numeric(10, 2) not null);
      insert into product values (1, 'Lamp', 19.90), (2, 'Desk', 120.00), (3, 'Chair', 45.50);
      create function public.products_above(p_min numeric)
        returns table(name varchar(50), price numeric(10, 2))
        language sql stable as $$ select name, price from product where price > p_min order by price $$;
      create function public.product_named(p_id integer) returns table(name varchar(50))
        language sql stable as $$ select name from product where id = p_id $$;
      create procedure public.add_product(p_id integer, p_name varchar(50), p_price numeric)
        language sql as $$ insert into product values (p_id, p_name, p_price) $$;
      create function public.slow_answer(p_seconds double precision) returns table(answer integer)
        language sql as $$ select 42 from pg_sleep(p_seconds) $$;`);
      const base = configFromEnv({});
      // A short statement limit, so the slow routine is cancelled by the remote (504) long before the call's.
      server = await startTestServer(target, {
        runtime: { ...base.runtime, statementTimeoutMs: 1000 },
      });
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
      apiToken = await demoToken(server);
      expect((await saveConnection(Number(url!.port || 5432))).status).toBe(200);
      methods.above = await methodOf('public.products_above', true);
      methods.add = await methodOf('public.add_product', false);
      methods.named = await methodOf('public.product_named', true);
      methods.slow = await methodOf('public.slow_answer', true);
    });
    afterAll(async () => {
      await server?.close();
      await remote?.end();
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    const get = (path: string) => restCall(server, 'GET', path, { token: apiToken });

    it('a READ block runs the function on the other database', async () => {
      const path = await publish(
        [
          readStep(methods.above!, 'products_above', 'min', 'p_min', [
            { Name: 'name', Alias: 'product', Type: 'String' },
            { Name: 'price', Alias: 'price', Type: 'Decimal' },
          ]),
        ],
        {
          startFields: [{ Name: 'min', Type: 'Decimal', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'product' }, { Name: 'price' }] },
        },
      );
      expect(await get(`${path}?min=20`)).toMatchObject({
        status: 200,
        body: { product: 'Chair', price: 45.5 },
      });
      expect(await get(`${path}?min=50`)).toMatchObject({
        status: 200,
        body: { product: 'Desk', price: 120 },
      });
    });

    // The bench's READ by key (issue 30's budget): the text is parsed and planned once per connection.
    it('a READ block’s statement is prepared on the pool’s connections, and runs unnamed once its result type changed', async () => {
      const path = await publish(
        [
          readStep(methods.named!, 'product_named', 'id', 'p_id', [
            { Name: 'name', Alias: 'product', Type: 'String' },
          ]),
        ],
        {
          startFields: [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'product' }] },
        },
      );
      expect((await get(`${path}?id=1`)).body).toEqual({ product: 'Lamp' });
      expect((await get(`${path}?id=2`)).body).toEqual({ product: 'Desk' });
      // The pool's most recently used connection (pg's pool hands out the last one given back) answers
      // which statements it keeps: the block's text among them, under a name of the server's.
      const connection = await flowConnection(server.db, connectionGuid);
      const pool = flowPoolsOf(server.db)!.get(connection!, () => settings(Number(url!.port || 5432)), 1000);
      const prepared = await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(prepared).toContainEqual({
        name: expect.stringMatching(/^uis_\d+$/),
        statement: expect.stringContaining('"public"."product_named"'),
      });
      // What the function answers changes type under the prepared statement: PostgreSQL refuses it
      // (0A000 "cached plan must not change result type"); the call runs the text unnamed and answers.
      await remote.query(`drop function public.product_named(integer);
        create function public.product_named(p_id integer) returns table(name text)
          language sql stable as $$ select name || '!' from product where id = p_id $$;`);
      expect(await get(`${path}?id=3`)).toMatchObject({ status: 200, body: { product: 'Chair!' } });
      expect(await get(`${path}?id=1`)).toMatchObject({ status: 200, body: { product: 'Lamp!' } });
    });

    it('a WRITE block calls the procedure there', async () => {
      const path = await publish(
        [
          {
            type: 'write',
            config: {
              Action: {
                Guid: methods.add,
                Name: 'add_product',
                Type: 'Method',
                FlowConnectionGuid: connectionGuid,
                IsRead: false,
              },
              Mapping: [
                { From: 'id', To: 'p_id' },
                { From: 'name', To: 'p_name' },
                { From: 'price', To: 'p_price' },
              ],
            },
          },
        ],
        {
          method: 'POST',
          startFields: [
            { Name: 'id', Type: 'Number', Validation: { IsRequired: true } },
            { Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } },
            { Name: 'price', Type: 'Decimal', Validation: { IsRequired: true } },
          ],
          result: { output: [{ Name: 'id' }] },
        },
      );
      const answer = await restCall(server, 'POST', path, {
        token: apiToken,
        body: { id: 10, name: 'Shelf', price: 75.25 },
      });
      expect(answer).toMatchObject({ status: 200, body: { id: 10 } });
      const rows = await remote.query('select name, price::text as price from product where id = 10');
      expect(rows.rows).toEqual([{ name: 'Shelf', price: '75.25' }]);
    });

    it('a statement past the flow settings’ statement_timeout answers 504 in the catalogue’s words', async () => {
      const path = await publish(
        [
          readStep(methods.slow!, 'slow_answer', 'seconds', 'p_seconds', [
            { Name: 'answer', Type: 'Number' },
          ]),
        ],
        {
          startFields: [{ Name: 'seconds', Type: 'Decimal', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'answer' }] },
        },
      );
      expect(await get(`${path}?seconds=0`)).toMatchObject({ status: 200, body: { answer: 42 } });
      const slow = await get(`${path}?seconds=5`);
      expect(slow.status).toBe(504);
      expect(slow.body).toEqual({
        Message: `${connectionName} did not answer in time; nothing was written`,
        MessageKey: 'runtime.external.timeout',
      });
    });

    it('a connection saved elsewhere is reopened: down answers 502 without the remote’s text, back answers again', async () => {
      const path = await publish(
        [
          readStep(methods.above!, 'products_above', 'min', 'p_min', [
            { Name: 'name', Alias: 'product', Type: 'String' },
          ]),
        ],
        {
          startFields: [{ Name: 'min', Type: 'Decimal', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'product' }] },
        },
      );
      expect((await get(`${path}?min=100`)).body).toEqual({ product: 'Desk' });
      expect(flowPoolsOf(server.db)?.size).toBe(1);
      // Issue 32 point 1: the pool on /metrics, by kind and connection name, as Prometheus reads it.
      const metrics = parsePrometheusTextFormat(
        (await server.app.inject({ method: 'GET', url: '/metrics' })).body,
      );
      const open = metrics
        .find((family) => family.name === 'flow_connection_pool_open')
        ?.metrics.find(
          (sample) => sample.labels?.kind === 'PostgreSQL' && sample.labels.connection === connectionName,
        );
      expect(Number(open?.value)).toBeGreaterThanOrEqual(1);
      // The pool opened for the call above must not outlive the save: the items write notice closes it
      // without waiting for a call, and the next call goes to the new port.
      const port = await closedPort();
      const moved = await saveConnection(port);
      expect([moved.status, moved.body]).toEqual([200, expect.anything()]);
      await vi.waitFor(() => expect(flowPoolsOf(server.db)?.size).toBe(0));
      const down = await get(`${path}?min=100`);
      expect(down.status).toBe(502);
      expect(down.body).toEqual({
        Message: `The flow could not reach ${connectionName}; nothing was written`,
        MessageKey: 'runtime.external.unreachable',
      });
      expect(JSON.stringify(down.body)).not.toContain(String(port));
      // The host answers but the database is gone (dropped since it was saved): unreachable too, not a
      // refusal of what the flow asked.
      const livePort = Number(url!.port || 5432);
      expect((await saveConnection(livePort, `${name}_dropped`)).status).toBe(200);
      await vi.waitFor(() => expect(flowPoolsOf(server.db)?.size).toBe(0));
      expect(await get(`${path}?min=100`)).toMatchObject({
        status: 502,
        body: { MessageKey: 'runtime.external.unreachable' },
      });
      expect((await saveConnection(livePort)).status).toBe(200);
      expect(await get(`${path}?min=100`)).toMatchObject({ status: 200, body: { product: 'Desk' } });
    });
  },
);
