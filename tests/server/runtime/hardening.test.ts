import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import type { Plan, Step as PlanStep } from '../../../server/runtime/compile';
import type { Executor } from '../../../server/runtime/executors';
import { runPlan } from '../../../server/runtime/run';
import type { FlowBlock, FlowField, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/** The demo REST API (server/seed/demo/031_restApis.ts) and the flow demo's notifications (050_flows.ts). */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const NOTIFICATIONS = { Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a03', Name: 'FlowDemoNotification' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The flow runtime's part of issue 29 point 9: the database's own error text stays in the log; a REST
 * API that needs credentials answers 401 before it says whether a flow exists; a call answered 504
 * stops its statements. And point 8's depth limit on the runtime's bodies.
 */
describe.each(databaseTargets)('flow runtime hardening on $name (issue 29 points 8, 9)', (target) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = await demoToken(server);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    await server.db.exec('create table cancel_probe (id integer)');
    await server.db.exec('create table conflict_probe (id integer primary key)');
  });
  afterAll(() => server?.close());

  /** Plans built by hand around real statements (as tests/server/runtime/timeout.test.ts does). */
  const probeStep = (guid: string, execute: Executor, next?: string): PlanStep => ({
    block: { Guid: guid, Type: 'write' } as FlowBlock,
    execute,
    next,
    falseNext: undefined,
  });
  const probePlan = (writes: boolean, ...steps: PlanStep[]): Plan => ({
    flowGuid: 'f',
    versionGuid: 'v',
    version: 1,
    name: 'probe',
    method: 'POST',
    apiGuid: null,
    start: steps[0]!.block.Guid,
    steps: new Map(steps.map((entry) => [entry.block.Guid, entry])),
    writes,
    writesOwn: writes,
    inputFields: [],
    secrets: new Set(),
    blocks: new Map(),
  });

  let counter = 0;
  async function publish(steps: Step[], options: { method?: 'POST'; startFields?: FlowField[] } = {}) {
    counter += 1;
    const built = flowOf(steps, { ...options, newGuid: randomUUID });
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: randomUUID(),
      Name: `hardening/flow${counter}`,
      Api: ORDERS_API,
      IsScript: false,
    };
    await publishFlow(server.db, flow);
    return { path: `orders_api/${flow.Name}`, flow };
  }

  const writeNotification: Step = {
    type: 'write',
    config: {
      Action: {
        Guid: NOTIFICATIONS.Guid,
        Name: NOTIFICATIONS.Name,
        Type: 'Document',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsRead: false,
      },
      Mapping: [
        { From: 'reference', To: 'Reference' },
        { From: 'email', To: 'Email' },
      ],
    },
  };
  const notificationFields: FlowField[] = [
    { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
    { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
  ];

  /** No trace of PostgreSQL's own words (SQLSTATE texts, constraint and table names) in an answer. */
  const expectNoDatabaseText = (text: string) => {
    for (const word of [
      'UTF8',
      '0x00',
      'byte sequence',
      'duplicate key value',
      'constraint',
      'violates',
      'records_',
    ])
      expect(text).not.toContain(word);
  };

  it("answers the catalogue's message, not PostgreSQL's text, for a value the database refuses; the log has it", async () => {
    const { path, flow } = await publish([writeNotification], {
      method: 'POST',
      startFields: notificationFields,
    });
    const answer = await restCall(server, 'POST', path, {
      token,
      body: { reference: 'NUL\u0000BYTE', email: 'nul@example.com' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      MessageKey: 'runtime.badValue',
      Message: 'The WRITE block was given a value the database refused',
    });
    expectNoDatabaseText(JSON.stringify(answer.body));

    // The executions log, which the Flow Builder shows, keeps the answer's words too.
    await server.services.executions.flush();
    const logged = await server.db.query<{ message: string }>(
      'select message from flow_executions where flow_guid = $1 and status >= 400',
      [flow.Guid],
    );
    expect(logged).toHaveLength(1);
    expectNoDatabaseText(logged[0]!.message);

    // A key the table refuses twice (23505), a table that is not there (42P01): the catalogue's words.
    const warnings: unknown[] = [];
    const log = {
      warn: (object: object) => warnings.push(object),
      error: (object: object) => warnings.push(object),
    };
    for (const [sql, status, key, text] of [
      [
        'insert into conflict_probe (id) values (1), (1)',
        409,
        'runtime.conflict',
        'The WRITE block could not write: the record breaks a rule of its table (a duplicate key, a missing reference or value)',
      ],
      [
        'select * from no_such_table_here',
        500,
        'runtime.failed',
        'The flow failed in its WRITE block; the server log has the details',
      ],
    ] as const) {
      const failing: Executor = async (state) => {
        await state.db.query(sql);
        return { exit: 'Out' };
      };
      const outcome = await runPlan(probePlan(true, probeStep('a', failing)), {
        db: server.db,
        principal: null,
        input: {},
        timeoutMs: 10_000,
        statementTimeoutMs: 10_000,
        log,
      });
      expect([outcome.status, outcome.body]).toEqual([status, { MessageKey: key, Message: text }]);
      expectNoDatabaseText(JSON.stringify(outcome.body));
      expect(JSON.stringify(outcome.body)).not.toContain('no_such_table_here');
    }
    // What the caller is not told is logged, with the database's own error.
    expect(warnings).toHaveLength(2);
    expect(String((warnings[0] as { err: Error }).err.message)).toContain('duplicate key');
    expect(String((warnings[1] as { err: Error }).err.message)).toContain('no_such_table_here');
  });

  it('a REST API that needs credentials answers 401 whether or not the flow exists; 404 only to a caller it lets in', async () => {
    const { path } = await publish([]);
    const unknown = 'orders_api/no/such/flow';
    for (const flowPath of [path, unknown]) {
      const bare = await restCall(server, 'GET', flowPath);
      expect([bare.status, bare.body.MessageKey]).toEqual([401, 'runtime.unauthorized']);
      expect(bare.headers['www-authenticate']).toBe('Bearer realm="rest"');
      expect((await restCall(server, 'GET', flowPath, { token: randomUUID() })).status).toBe(401);
    }
    // An API user the REST API does not list learns nothing either.
    const outsider = randomUUID();
    await server.db.query("insert into api_users (guid, username, api_token) values ($1, 'stranger', $2)", [
      randomUUID(),
      outsider,
    ]);
    expect((await restCall(server, 'GET', unknown, { token: outsider })).status).toBe(403);
    // The REST API's own user: the flow answers, an unknown name is 404.
    expect((await restCall(server, 'GET', path, { token })).status).not.toBe(401);
    const missing = await restCall(server, 'GET', unknown, { token });
    expect([missing.status, missing.body.MessageKey]).toEqual([404, 'runtime.notFound']);
    // A public REST API (None) and an unknown REST API name: 404 without credentials.
    const publicApi = {
      Guid: randomUUID(),
      Name: `public_${randomUUID().slice(0, 6)}`,
      ReturnType: 'Json',
      ApiAuthentication: 'None',
      IsActive: true,
      IsInternal: false,
      Users: [],
      Settings: [],
      IsPublished: true,
    };
    expect(
      (await call(server, 'POST', 'RestApi/PostRestApi', { token: admin, body: publicApi })).status,
    ).toBe(200);
    expect((await restCall(server, 'GET', `${publicApi.Name}/no/such/flow`)).status).toBe(404);
    expect((await restCall(server, 'GET', `no_such_api_${counter}/flow`)).status).toBe(404);
  });

  it('a flow body nested 100,000 deep answers 400 with a message, not 500', async () => {
    const { path } = await publish([], { method: 'POST', startFields: notificationFields });
    const deep = `{"reference":"r","email":"e","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const answer = await restCall(server, 'POST', path, { token, rawBody: deep });
    expect(answer.status).toBe(400);
    expect(answer.body.MessageKey).toBe('api.tooDeep');
    expect(typeof answer.body.Message).toBe('string');
  });

  describe('a call answered 504 stops its statements', () => {
    const step = probeStep;
    const plan = probePlan;
    const run = (built: Plan, timeoutMs: number) =>
      runPlan(built, { db: server.db, principal: null, input: {}, timeoutMs, statementTimeoutMs: 10_000 });
    const probes = () =>
      server.db.transaction(async (tx) => {
        const [row] = await tx.query<{ n: number }>('select count(*)::int as n from cancel_probe');
        return row!.n;
      });

    it('a statement the call asks for after its 504 is not run', async () => {
      let refused: unknown;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      // A block outside a transaction (the plan has no write block) that writes once the call is over.
      const late: Executor = async (state) => {
        await sleep(300);
        try {
          await state.db.query('insert into cancel_probe (id) values (1)');
        } catch (error) {
          refused = error;
        }
        done();
        return { exit: 'Out' };
      };
      const outcome = await run(plan(false, step('a', late)), 50);
      expect([outcome.status, (outcome.body as { MessageKey: string }).MessageKey]).toEqual([
        504,
        'runtime.timeout',
      ]);
      await finished;
      expect(await probes()).toBe(0);
      expect((refused as { code?: string }).code).toBe('57014');
    });

    /** Whether PostgreSQL still runs a statement holding `marker`. */
    const running = async (marker: string) =>
      (
        await server.db.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and query not like '%pg_stat_activity%'",
          [`%${marker}%`],
        )
      )[0]!.n;

    it.runIf(target.name === 'postgres')(
      'PostgreSQL: the statement running at the 504 is cancelled, with or without a transaction; the pool stays sound',
      async () => {
        for (const writes of [false, true]) {
          const marker = `probe_${randomUUID().replaceAll('-', '')}`;
          const insert: Executor = async (state) => {
            await state.db.query('insert into cancel_probe (id) values (2)');
            return { exit: 'Out' };
          };
          const slow: Executor = async (state) => {
            await state.db.query(`select pg_sleep(5) as ${marker}`);
            return { exit: 'Out' };
          };
          const built = writes
            ? plan(true, step('a', insert, 'b'), step('b', slow))
            : plan(false, step('b', slow));
          const started = Date.now();
          const outcome = await run(built, 300);
          expect(outcome.status).toBe(504);
          expect(Date.now() - started).toBeLessThan(2_000);
          // Cancelled within moments, not after its 5 seconds (nor the 10 s statement timeout).
          let left = await running(marker);
          for (let tries = 0; left > 0 && tries < 20; tries++) {
            await sleep(50);
            left = await running(marker);
          }
          expect(left, `pg_sleep still running (writes: ${writes})`).toBe(0);
          expect(await probes()).toBe(0);
        }
        // Every connection of the pool still answers.
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => server.db.query<{ one: number }>('select 1 as one')),
        );
        expect(answers.every((rows) => rows[0]!.one === 1)).toBe(true);
      },
    );
  });
});
