import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import { qualifiedTable } from '../../../server/documents/recordTable';
import { ItemStore } from '../../../server/items/itemStore';
import { methodKind } from '../../../server/methods/methodKind';
import { ExecutionLog, type Execution as LoggedCall } from '../../../server/runtime/executions';
import { demoErrorFlow, demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import type { BlockConfig, FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/** The demo REST API and the flow demo's documents (server/seed/demo/031_restApis.ts, 050_flows.ts). */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const DEMO_API_USER = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a01';
const CUSTOMERS = { Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02', Name: 'FlowDemoCustomer' };
const NOTIFICATIONS = { Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a03', Name: 'FlowDemoNotification' };
const VERIFY_PIN_METHOD = '8e3fa021-2b3c-4d4e-9f50-6b7c8d9e0fa1';

const documentAction = (document: { Guid: string; Name: string }, isRead = true) => ({
  Guid: document.Guid,
  Name: document.Name,
  Type: 'Document',
  FlowConnectionGuid: DEMO_CONNECTION_GUID,
  IsRead: isRead,
});

/** CHECK `field` ≤ `limit`; its FALSE exit ends in an ERROR block with `code` (set by `failWith`). */
const atMost = (field: string, limit: number): Step => ({
  type: 'check',
  config: {
    Groups: [
      {
        Rules: [
          {
            Name: field,
            ValueType: 'Number',
            Operator: 'smallerEquals',
            RuleType: 'Static',
            Values: [{ Value: limit }],
          },
        ],
      },
    ],
  },
});

/**
 * Block guids counted per flow, and real UUIDs: the executions log keeps the error block's guid in a
 * uuid column, so a made-up one would lose the call's row.
 */
const guidsOf = (flow: number) => {
  let next = 0;
  return () =>
    `${flow.toString(16).padStart(4, '0')}${(++next).toString(16).padStart(4, '0')}-0000-4000-8000-000000000000`;
};

interface Execution {
  Id: number;
  Status: number;
  Version: number | null;
  ApiUser: string | null;
  ErrorCode: string | null;
  HasData: boolean;
  RetryOf: number | null;
  RetriedBy: string | null;
  ErrorOf: number | null;
  TraceId: string | null;
}

interface Detail extends Execution {
  FlowGuid: string;
  Retries: number[];
  Data: {
    Input: Record<string, unknown>;
    Answer: Record<string, unknown> | null;
    Trace: Array<{ Guid: string; Type: string; Input?: unknown; Output?: unknown; Error?: unknown }>;
    Cut: Array<{ Path: string; Bytes: number }>;
    Redacted: boolean;
    InputComplete: boolean;
  } | null;
}

/**
 * Running it in production (issue 32 points 3-5) through real calls on both databases: what the
 * executions log keeps of a call by the flow's 'Keep call data' (never, on error, always), redacted by
 * the plan's field types and capped at 64 KB; the log's filters; a retry of a failed call after the data
 * it read was fixed, which writes once and links to the original; a REST API's error flow, run once for
 * each failure with the REST API's rights and never for its own failure.
 */
describe.each(databaseTargets)('executions, retry and error flows on $name (issue 32)', (target) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target, {
      runtime: { ...configFromEnv({}).runtime, rateLimitPerMinute: 0 },
    });
    token = await demoToken(server);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  let counter = 0;
  /** Stores a flow START → steps → RESULT → CLOSE, published and active; answers its path and guids. */
  async function publish(
    steps: Step[],
    options: {
      method?: HttpMethod;
      startFields?: FlowField[];
      result?: { config?: BlockConfig; output?: FlowField[] };
      api?: { guid: string; name: string };
      guid?: string;
      errorCode?: string;
    } = {},
  ) {
    counter += 1;
    const built = flowOf(steps, { ...options, newGuid: guidsOf(counter) });
    const graph = built.flow.Flow!;
    // Each check's FALSE exit is an ERROR block; give it the code asked for.
    for (const block of graph.Blocks ?? [])
      if (block.Type === 'error')
        block.Config = { ErrorCode: options.errorCode ?? 'TOO_BIG', ErrorMessage: 'The value is too big' };
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: options.guid ?? randomUUID(),
      Name: `executions/flow${counter}`,
      Api: options.api?.guid ?? ORDERS_API,
    };
    const saved = await publishFlow(server.db, flow);
    return {
      path: `${options.api?.name ?? 'orders_api'}/${flow.Name}`,
      flow,
      versionGuid: saved.VersionGuid,
      guids: built.guids,
    };
  }

  const keep = async (flowGuid: string, value: 'never' | 'onError' | 'always') => {
    const answer = await call(server, 'POST', `FlowBuilder/SetRestMethodFlowKeepCallData/${flowGuid}`, {
      token: admin,
      body: { KeepCallData: value },
    });
    expect(answer.status).toBe(200);
  };
  const list = async (flowGuid: string, query = '') => {
    const answer = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowExecutions/${flowGuid}?${query}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as { Executions: Execution[]; Total: number };
  };
  const open = async (flowGuid: string, id: number) => {
    const answer = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowExecution/${flowGuid}/${id}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as Detail;
  };
  const retry = (flowGuid: string, id: number, version: 'failed' | 'active' = 'failed') =>
    call(server, 'POST', `FlowBuilder/RetryRestMethodFlowExecution/${flowGuid}/${id}`, {
      token: admin,
      body: { Version: version },
    });
  const newest = async (flowGuid: string) => (await list(flowGuid, 'pageSize=1')).Executions[0]!;

  it("keeps a call's data by the flow's setting: never, on error (the default), always (point 3)", async () => {
    const { path, flow, guids } = await publish([atMost('amount', 10)], {
      startFields: [{ Name: 'amount', Type: 'Number', Validation: { IsRequired: true } }],
      result: { config: { FullOutput: true } },
    });
    const stored = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, {
      token: admin,
    });
    expect(stored.body.KeepCallData).toBe('onError');
    const calls = async () => {
      expect((await restCall(server, 'GET', `${path}?amount=5`, { token })).status).toBe(200);
      const ok = await newest(flow.Guid);
      expect((await restCall(server, 'GET', `${path}?amount=50`, { token })).status).toBe(422);
      const failed = await newest(flow.Guid);
      return { ok, failed };
    };

    const onError = await calls();
    expect([onError.ok.HasData, onError.failed.HasData]).toEqual([false, true]);
    expect((await open(flow.Guid, onError.ok.Id)).Data).toBeNull();
    const kept = await open(flow.Guid, onError.failed.Id);
    // As the test run shows it: the input, the answer, each block that ran with what it read and made.
    expect(kept.Data).toMatchObject({
      Input: { amount: 50 },
      Answer: { ErrorCode: 'TOO_BIG', MessageKey: 'flow.error' },
      Cut: [],
      Redacted: false,
      InputComplete: true,
    });
    expect(kept.Data!.Trace.map((entry) => entry.Type)).toEqual(['start', 'check', 'error']);
    expect(kept.Data!.Trace[1]).toMatchObject({ Guid: guids[0], Input: { amount: 50 }, Branch: 'FALSE' });
    expect(kept.Data!.Trace[2]!.Error).toMatchObject({ ErrorCode: 'TOO_BIG' });

    await keep(flow.Guid, 'always');
    const always = await calls();
    expect([always.ok.HasData, always.failed.HasData]).toEqual([true, true]);
    expect((await open(flow.Guid, always.ok.Id)).Data).toMatchObject({
      Input: { amount: 5 },
      Answer: { amount: 5 },
    });

    await keep(flow.Guid, 'never');
    const never = await calls();
    expect([never.ok.HasData, never.failed.HasData]).toEqual([false, false]);

    // The setting is audited like activation, and a user without Publish may not change it.
    const audit = await call(server, 'GET', `Audit/GetItemHistory?Kind=flow&Guid=${flow.Guid}`, {
      token: admin,
    });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body[0])).toContain('KeepCallData');
    const bad = await call(server, 'POST', `FlowBuilder/SetRestMethodFlowKeepCallData/${flow.Guid}`, {
      token: admin,
      body: { KeepCallData: 'sometimes' },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps text of any script in a call’s data as it was sent (point 3)', async () => {
    // The executions log sends its batches as UTF-8 bytes; a character of two, three or four bytes
    // must come back as it went.
    const { path, flow } = await publish([], {
      startFields: [{ Name: 'city', Type: 'String', Validation: { IsRequired: true } }],
      result: { config: { FullOutput: true } },
    });
    await keep(flow.Guid, 'always');
    // Tabs, line breaks and backslashes too: on PGlite the batch is COPY text, where they are escaped.
    const city = 'Zürich – 東京 😀\t\\ "quoted"\n\r';
    expect(
      (await restCall(server, 'GET', `${path}?city=${encodeURIComponent(city)}`, { token })).status,
    ).toBe(200);
    const row = await newest(flow.Guid);
    expect((await open(flow.Guid, row.Id)).Data).toMatchObject({ Input: { city }, Answer: { city } });
  });

  it('writes every column of a call as it was recorded, whatever the text holds (issue 17 point 6, issue 32)', async () => {
    // PGlite takes the batch as a binary COPY (Db.copyIn), PostgreSQL as an INSERT of JSON: the same rows.
    // A block's Guid is what the flow saved: one that is no uuid is kept, and so is the rest of its batch.
    const log = new ExecutionLog(server.db, 30);
    const flowGuid = randomUUID();
    const special = 'tab\there, line\nbreak, CR\r, back\\slash, \\N, NUL\u0000 end – 東京 😀';
    const full: LoggedCall = {
      at: Date.UTC(2026, 10, 27, 12, 30, 15, 250),
      flowGuid,
      versionGuid: randomUUID(),
      version: 7,
      apiGuid: randomUUID(),
      apiUserGuid: randomUUID(),
      apiUserName: special,
      method: 'POST',
      status: 502,
      durationMs: 12.5,
      errorBlock: randomUUID(),
      errorConnection: special,
      errorCode: special,
      message: special,
      data: JSON.stringify({ Input: { text: special } }),
      retryOf: 41,
      retriedBy: special,
      errorOf: 40,
      traceId: '0af7651916cd43dd8448eb211c80319c',
    };
    const bare: LoggedCall = {
      at: full.at + 1,
      flowGuid,
      versionGuid: null,
      version: null,
      apiGuid: null,
      apiUserGuid: null,
      apiUserName: null,
      method: 'GET',
      status: 200,
      durationMs: 0.5,
      errorBlock: null,
      errorCode: null,
      message: null,
      data: '',
      traceId: null,
    };
    const oddBlock: LoggedCall = {
      ...bare,
      at: full.at + 1.001,
      status: 422,
      errorBlock: 'c10000001-0000-4000-8000-000000000000',
      errorCode: 'E1',
    };
    log.record(full);
    log.record(bare);
    log.record(oddBlock);
    await log.close();
    const rows = await server.db.query<Record<string, unknown>>(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, flow_guid::text, version_guid::text,
              version, api_guid::text, api_user_guid::text, api_user_name, http_method, status,
              duration_ms::float8, error_block::text, error_code, message, trace_id, data, retry_of, retried_by,
              error_of, error_connection
         from flow_executions where flow_guid = $1 order by id`,
      [flowGuid],
    );
    const stored = special.replace('\u0000', '\ufffd');
    expect(rows).toEqual([
      {
        at: '2026-11-27T12:30:15.250000',
        flow_guid: flowGuid,
        version_guid: full.versionGuid,
        version: 7,
        api_guid: full.apiGuid,
        api_user_guid: full.apiUserGuid,
        api_user_name: stored,
        http_method: 'POST',
        status: 502,
        duration_ms: 12.5,
        error_block: full.errorBlock,
        error_code: stored,
        message: stored,
        trace_id: full.traceId,
        data: full.data,
        retry_of: 41,
        retried_by: stored,
        error_of: 40,
        error_connection: stored,
      },
      {
        at: '2026-11-27T12:30:15.251000',
        flow_guid: flowGuid,
        version_guid: null,
        version: null,
        api_guid: null,
        api_user_guid: null,
        api_user_name: null,
        http_method: 'GET',
        status: 200,
        duration_ms: 0.5,
        error_block: null,
        error_code: null,
        message: null,
        trace_id: null,
        data: null,
        retry_of: null,
        retried_by: null,
        error_of: null,
        error_connection: null,
      },
      expect.objectContaining({
        at: '2026-11-27T12:30:15.251001',
        status: 422,
        error_block: 'c10000001-0000-4000-8000-000000000000',
        error_code: 'E1',
      }),
    ]);
  });

  it('replaces Password-typed fields, the flow fields mapped into them and any Authorization (point 3)', async () => {
    await server.db.query(
      `create or replace function demo.verify_pin(p_user text, p_pin text) returns table(valid boolean)
         language sql as $$ select length(p_pin) >= 4 $$`,
    );
    await new ItemStore(server.db).save(
      methodKind,
      {
        Guid: VERIFY_PIN_METHOD,
        Name: 'VerifyPin',
        Type: 'Stored Procedure',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsSp: true,
        IsRead: true,
        Script: 'demo.verify_pin',
        IsPublished: true,
        Input: [
          { Name: 'p_user', Type: 'String', Validation: { Required: true, Max: 100 } },
          // The method's parameter is the one Password-typed field: the flow's own `pin` is a String.
          { Name: 'p_pin', Type: 'Password', Validation: { Required: true, Max: 100 } },
        ],
        Output: [{ Name: 'valid', Type: 'Boolean' }],
      },
      { scope: DEMO_CONNECTION_GUID, by: 'test', now: Date.now() / 1000 },
    );
    const { path, flow } = await publish(
      [
        {
          type: 'read',
          config: {
            Action: {
              Guid: VERIFY_PIN_METHOD,
              Name: 'VerifyPin',
              Type: 'Method',
              FlowConnectionGuid: DEMO_CONNECTION_GUID,
              IsRead: true,
            },
            Mapping: [
              { From: 'user', To: 'p_user' },
              { From: 'pin', To: 'p_pin' },
            ],
            FirstMatch: true,
          },
          output: [{ Name: 'valid', Alias: 'valid', Type: 'Boolean' }],
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'user', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
          { Name: 'pin', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
          { Name: 'Authorization', Type: 'String', Validation: { MaxLength: 200 } },
        ],
        result: { config: { FullOutput: true } },
      },
    );
    await keep(flow.Guid, 'always');
    const answer = await restCall(server, 'POST', path, {
      token,
      body: { user: 'ada', pin: 'hunter2-secret', Authorization: 'Bearer sk-live-123456' },
    });
    // The caller gets what the flow answers; only what is kept is redacted.
    expect(answer.body).toMatchObject({ user: 'ada', valid: true, pin: 'hunter2-secret' });
    const kept = await open(flow.Guid, (await newest(flow.Guid)).Id);
    const text = JSON.stringify(kept);
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('sk-live-123456');
    expect(kept.Data).toMatchObject({
      Input: { user: 'ada', pin: '[redacted]', Authorization: '[redacted]' },
      Answer: { user: 'ada', valid: true, pin: '[redacted]', Authorization: '[redacted]' },
      Redacted: true,
      InputComplete: false,
    });
    const read = kept.Data!.Trace.find((entry) => entry.Type === 'read')!;
    expect(read.Input).toEqual({ user: 'ada', pin: '[redacted]' });
    expect(read.Output).toEqual({ valid: true });
    const start = kept.Data!.Trace.find((entry) => entry.Type === 'start')!;
    expect(start.Output).toMatchObject({ user: 'ada', pin: '[redacted]' });
  });

  it('caps the data at 64 KB a call and says what was cut (point 3)', async () => {
    const { path, flow } = await publish([], {
      method: 'POST',
      startFields: [
        { Name: 'note', Type: 'String', Validation: { MaxLength: 50 } },
        { Name: 'blob', Type: 'Text' },
      ],
      result: { config: { FullOutput: true } },
    });
    await keep(flow.Guid, 'always');
    const blob = 'x'.repeat(100_000);
    expect((await restCall(server, 'POST', path, { token, body: { note: 'small', blob } })).status).toBe(200);
    const { Id } = await newest(flow.Guid);
    const [{ bytes }] = (await server.db.query<{ bytes: number }>(
      'select octet_length(data::text) as bytes from flow_executions where id = $1',
      [Id],
    )) as [{ bytes: number }];
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    const kept = await open(flow.Guid, Id);
    const cut = kept.Data!.Cut.map((part) => part.Path).sort();
    expect(cut).toEqual(['Answer', 'Input', 'Trace/0/Input', 'Trace/0/Output', 'Trace/1/Output'].sort());
    for (const part of kept.Data!.Cut) expect(part.Bytes).toBeGreaterThan(100_000);
    expect(kept.Data!.Input).toBe(`[cut: ${(100_000 + 26).toLocaleString('en')} bytes]`);
    expect(kept.Data!.InputComplete).toBe(false);
    // A small call of the same flow is kept whole.
    expect((await restCall(server, 'POST', path, { token, body: { note: 'small', blob: 'y' } })).status).toBe(
      200,
    );
    const small = await open(flow.Guid, (await newest(flow.Guid)).Id);
    expect(small.Data).toMatchObject({ Input: { note: 'small', blob: 'y' }, Cut: [], InputComplete: true });
  });

  it('filters by time range, outcome, API user, version and error code (point 3), and trace id (point 2)', async () => {
    const other = randomUUID();
    const otherToken = randomUUID();
    await server.db.query(
      "insert into api_users (guid, username, api_token) values ($1, 'second-caller', $2)",
      [other, otherToken],
    );
    const restApi = (await call(server, 'GET', `RestApi/GetRestApiByGuid/${ORDERS_API}`, { token: admin }))
      .body;
    const saved = await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...restApi, Users: [DEMO_API_USER, other], IsPublished: true },
    });
    expect(saved.status).toBe(200);
    const { path, flow } = await publish([atMost('amount', 10)], {
      startFields: [{ Name: 'amount', Type: 'Number', Validation: { IsRequired: true } }],
      result: { config: { FullOutput: true } },
      errorCode: 'AMOUNT_TOO_BIG',
    });
    await restCall(server, 'GET', `${path}?amount=1`, { token });
    await restCall(server, 'GET', `${path}?amount=99`, { token });
    await restCall(server, 'GET', `${path}?amount=2`, { token: otherToken });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const middle = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Version 2: the same flow published again.
    await publishFlow(server.db, { ...flow, VersionGuid: null });
    await restCall(server, 'GET', `${path}?amount=98`, { token: otherToken });
    await restCall(server, 'GET', `${path}?amount=3`, { token });

    const ids = async (query: string) =>
      (await list(flow.Guid, query)).Executions.map((execution) => [
        execution.ApiUser,
        execution.Version,
        execution.Status,
      ]);
    expect(await ids('')).toEqual([
      ['demo-importer', 2, 200],
      ['second-caller', 2, 422],
      ['second-caller', 1, 200],
      ['demo-importer', 1, 422],
      ['demo-importer', 1, 200],
    ]);
    expect(await ids(`from=${encodeURIComponent(middle)}`)).toEqual([
      ['demo-importer', 2, 200],
      ['second-caller', 2, 422],
    ]);
    expect(await ids(`to=${encodeURIComponent(middle)}`)).toHaveLength(3);
    expect(await ids('status=failed')).toEqual([
      ['second-caller', 2, 422],
      ['demo-importer', 1, 422],
    ]);
    expect(await ids('apiUser=SECOND-CALLER')).toEqual([
      ['second-caller', 2, 422],
      ['second-caller', 1, 200],
    ]);
    expect(await ids('version=1&status=ok')).toEqual([
      ['second-caller', 1, 200],
      ['demo-importer', 1, 200],
    ]);
    expect(await ids('errorCode=amount_too_big&apiUser=demo-importer')).toEqual([['demo-importer', 1, 422]]);
    expect((await list(flow.Guid, 'errorCode=OTHER')).Total).toBe(0);
    // Point 2: the call a caller's traceparent names, pasted as the id or as the whole header.
    const newest = (await list(flow.Guid, 'pageSize=1')).Executions[0]!;
    expect(newest.TraceId).toMatch(/^[0-9a-f]{32}$/);
    for (const named of [newest.TraceId!.toUpperCase(), `00-${newest.TraceId}-00f067aa0ba902b7-01`])
      expect((await list(flow.Guid, `traceId=${encodeURIComponent(named)}`)).Executions).toEqual([newest]);
    expect((await list(flow.Guid, `traceId=${'0'.repeat(32)}`)).Total).toBe(0);
    expect(
      (
        await call(server, 'GET', `FlowBuilder/GetRestMethodFlowExecutions/${flow.Guid}?from=yesterday`, {
          token: admin,
        })
      ).status,
    ).toBe(400);
  });

  it('retries a failed call after the data it reads is fixed: one write, linked to the original (point 4)', async () => {
    const customer = demoFlowCustomers.outOfRange;
    // START → WRITE a notification → READ the customer → CHECK its credit (FALSE: ERROR) → RESULT.
    const { path, flow } = await publish(
      [
        {
          type: 'write',
          config: {
            Action: documentAction(NOTIFICATIONS, false),
            Mapping: [
              { From: 'reference', To: 'Reference' },
              { From: 'email', To: 'Email' },
            ],
          },
        },
        {
          type: 'read',
          config: {
            Action: documentAction(CUSTOMERS),
            Mapping: [{ From: 'customerId', To: 'Id' }],
            FirstMatch: true,
          },
          output: [{ Name: 'Credit', Alias: 'credit', Type: 'Decimal' }],
        },
        {
          type: 'check',
          config: {
            Groups: [
              {
                Rules: [
                  {
                    Name: 'credit',
                    ValueType: 'Decimal',
                    Operator: 'between',
                    RuleType: 'Static',
                    Values: [{ Value: 0 }, { Value: 10000 }],
                  },
                ],
              },
            ],
          },
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
          { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
          { Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } },
        ],
        result: { config: { FullOutput: true } },
        errorCode: 'CREDIT_OUT_OF_RANGE',
      },
    );
    const reference = `RETRY-${counter}`;
    const written = async () =>
      (
        await server.db.query<{ n: number }>(
          `select count(*)::int as n from ${qualifiedTable(NOTIFICATIONS.Guid)} where "Reference" = $1`,
          [reference],
        )
      )[0]!.n;
    const refused = await restCall(server, 'POST', path, {
      token,
      body: { reference, email: 'retry@example.com', customerId: customer.Id },
    });
    expect([refused.status, refused.body.ErrorCode]).toEqual([422, 'CREDIT_OUT_OF_RANGE']);
    // The write ran before the check refused, and was rolled back with the call.
    expect(await written()).toBe(0);
    const failed = await newest(flow.Guid);
    expect(failed).toMatchObject({ Status: 422, HasData: true });
    const before = await open(flow.Guid, failed.Id);
    expect(before.Data!.Trace.find((entry) => entry.Type === 'write')).toMatchObject({
      Input: { Reference: reference, Email: 'retry@example.com' },
    });

    // Retried as it is, it fails again and still writes nothing.
    const again = await retry(flow.Guid, failed.Id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Status: 422, RetryOf: failed.Id, RetriedBy: testAdmin.email });
    expect(await written()).toBe(0);

    // The data the flow reads is fixed, through the Document Editor.
    const fixed = await call(
      server,
      'POST',
      `DocumentEditor/PostRecord/${DEMO_CONNECTION_GUID}/${CUSTOMERS.Guid}`,
      {
        token: admin,
        body: { ...customer, Credit: 5000 },
      },
    );
    expect(fixed.status).toBe(200);
    try {
      const retried = await retry(flow.Guid, failed.Id);
      expect(retried.status).toBe(200);
      const detail = retried.body as unknown as Detail;
      expect(detail).toMatchObject({
        Status: 200,
        RetryOf: failed.Id,
        ApiUser: 'demo-importer',
        Version: failed.Version,
      });
      // A retry is a run of its own, with a trace id of its own (issue 32 point 2).
      expect(detail.TraceId).toMatch(/^[0-9a-f]{32}$/);
      expect(detail.TraceId).not.toBe(failed.TraceId);
      expect(await written()).toBe(1);
      // Linked both ways, and listed.
      expect((await open(flow.Guid, failed.Id)).Retries).toEqual([again.body.Id, detail.Id]);
      expect((await list(flow.Guid, 'status=ok')).Executions[0]).toMatchObject({
        Id: detail.Id,
        RetryOf: failed.Id,
      });
      // A call that succeeded is not retried; nothing is written twice.
      const notFailed = await retry(flow.Guid, detail.Id);
      expect([notFailed.status, notFailed.body.MessageKey]).toEqual([400, 'fb.retry.notFailed']);
      expect(await written()).toBe(1);
    } finally {
      await call(server, 'POST', `DocumentEditor/PostRecord/${DEMO_CONNECTION_GUID}/${CUSTOMERS.Guid}`, {
        token: admin,
        body: { ...customer, Credit: 25000 },
      });
    }
  });

  it('retries against the active version, and refuses calls it cannot run again (point 4)', async () => {
    const { path, flow } = await publish([atMost('amount', 10)], {
      startFields: [{ Name: 'amount', Type: 'Number', Validation: { IsRequired: true } }],
      result: { config: { FullOutput: true } },
    });
    expect((await restCall(server, 'GET', `${path}?amount=20`, { token })).status).toBe(422);
    const failed = await newest(flow.Guid);
    // Version 2 allows up to 100: the failed version still refuses, the active one answers.
    const v2 = flowOf([atMost('amount', 100)], {
      startFields: [{ Name: 'amount', Type: 'Number', Validation: { IsRequired: true } }],
      result: { config: { FullOutput: true } },
      newGuid: guidsOf(900 + counter),
    }).flow;
    await publishFlow(server.db, { ...flow, Flow: v2.Flow });
    expect((await retry(flow.Guid, failed.Id, 'failed')).body).toMatchObject({ Status: 422, Version: 1 });
    expect((await retry(flow.Guid, failed.Id, 'active')).body).toMatchObject({
      Status: 200,
      Version: 2,
      RetryOf: failed.Id,
    });
    await call(server, 'POST', `FlowBuilder/SetRestMethodFlowStatus/${flow.Guid}`, {
      token: admin,
      body: { IsActive: false },
    });
    const inactive = await retry(flow.Guid, failed.Id, 'active');
    expect([inactive.status, inactive.body.MessageKey]).toEqual([400, 'fb.retry.noActiveVersion']);
    await call(server, 'POST', `FlowBuilder/SetRestMethodFlowStatus/${flow.Guid}`, {
      token: admin,
      body: { IsActive: true },
    });

    await keep(flow.Guid, 'never');
    expect((await restCall(server, 'GET', `${path}?amount=500`, { token })).status).toBe(422);
    const unkept = await retry(flow.Guid, (await newest(flow.Guid)).Id);
    expect([unkept.status, unkept.body.MessageKey]).toEqual([400, 'fb.retry.noData']);
    expect((await retry(flow.Guid, 999_999_999)).status).toBe(404);
    // Another flow's execution is not this flow's.
    const other = await publish([]);
    expect((await retry(other.flow.Guid, failed.Id)).status).toBe(404);
  });

  describe("a REST API's error flow (point 5)", () => {
    const api = { guid: randomUUID(), name: 'errors_api' };
    let failing: Awaited<ReturnType<typeof publish>>;
    let reporter: Awaited<ReturnType<typeof publish>>;
    let brokenReporter: Awaited<ReturnType<typeof publish>>;
    let revision = 0;
    const failures = async () =>
      server.db.query<{ ExecutionId: number; FlowName: string; ErrorCode: string; Version: number }>(
        `select "ExecutionId", "FlowName", "ErrorCode", "Version" from ${qualifiedTable(demoErrorFlow.document)}
          where "FlowName" like 'executions/%' order by "ExecutionId"`,
      );
    const saveApi = async (errorFlow: string | null) => {
      const answer = await call(server, 'POST', 'RestApi/PostRestApi', {
        token: admin,
        body: {
          Guid: api.guid,
          Name: api.name,
          ReturnType: 'Json',
          ApiAuthentication: 'ApiToken',
          IsActive: true,
          Users: [DEMO_API_USER],
          ErrorFlow: errorFlow,
          IsPublished: true,
          ...(revision ? { Revision: revision } : {}),
        },
      });
      if (answer.status === 200) revision = Number(answer.body.Revision);
      return answer;
    };
    const settle = () => server.services.errorFlows.idle();

    beforeAll(async () => {
      expect((await saveApi(null)).status).toBe(200);
      failing = await publish([atMost('amount', 10)], {
        api,
        startFields: [{ Name: 'amount', Type: 'Number', Validation: { IsRequired: true } }],
        result: { config: { FullOutput: true } },
      });
      // The error flow: what it receives, with who it runs as (CurrentUser), into FlowDemoFailure.
      reporter = await publish(
        [
          {
            type: 'write',
            config: {
              Action: documentAction(
                { Guid: demoErrorFlow.document, Name: demoErrorFlow.documentName },
                false,
              ),
              Mapping: [
                { From: 'ExecutionId', To: 'ExecutionId' },
                { From: 'FlowName', To: 'FlowName' },
                { From: 'Version', To: 'Version' },
                { From: 'ErrorCode', To: 'ErrorCode' },
                { From: 'Message', To: 'Message' },
                { From: 'At', To: 'At' },
              ],
            },
          },
        ],
        {
          api,
          method: 'POST',
          startFields: [
            { Name: 'FlowName', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
            { Name: 'Version', Type: 'Number' },
            { Name: 'ErrorCode', Type: 'String', Validation: { MaxLength: 200 } },
            { Name: 'Message', Type: 'Text' },
            { Name: 'ExecutionId', Type: 'Longnumber', Validation: { IsRequired: true } },
            { Name: 'At', Type: 'DateTime' },
            { Name: 'RunAs', Type: 'String', Default: { Type: 'CurrentUser' } },
          ],
          result: { config: { FullOutput: true } },
        },
      );
      await keep(reporter.flow.Guid, 'always');
      // An error flow that fails itself: any call ends in its ERROR block.
      brokenReporter = await publish([atMost('ExecutionId', 0)], {
        api,
        method: 'POST',
        startFields: [{ Name: 'ExecutionId', Type: 'Longnumber', Validation: { IsRequired: true } }],
        errorCode: 'REPORTER_BROKEN',
      });
    });

    it('names only a flow of its own REST API', async () => {
      const foreign = await publish([]);
      const refused = await saveApi(foreign.flow.Guid);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('ra.validation.errorFlowUnknown');
      expect((await saveApi(reporter.flow.Guid)).status).toBe(200);
      const offered = await call(server, 'GET', `RestApi/GetRestApiFlows/${api.guid}`, { token: admin });
      expect(
        (offered.body as unknown as Array<{ Guid: string; Label: string }>).map((flow) => flow.Guid),
      ).toEqual(expect.arrayContaining([failing.flow.Guid, reporter.flow.Guid, brokenReporter.flow.Guid]));
    });

    it('runs once per failure (ERROR block, 5xx), after the answer, as the REST API', async () => {
      const before = (await failures()).length;
      expect((await restCall(server, 'GET', `${failing.path}?amount=1`, { token })).status).toBe(200);
      expect((await restCall(server, 'GET', `${failing.path}?amount=x`, { token })).status).toBe(400);
      await settle();
      // Neither a success nor bad input is a failure it hears of.
      expect((await failures()).length).toBe(before);

      expect((await restCall(server, 'GET', `${failing.path}?amount=11`, { token })).status).toBe(422);
      expect((await restCall(server, 'GET', `${failing.path}?amount=12`, { token })).status).toBe(422);
      await settle();
      // Each failure is written on its own after its answer, so on PostgreSQL the second call's row can
      // take the lower id; what the error flow wrote is compared by the failures it reports, in id order.
      const written = (await failures()).slice(before);
      const failed = (await list(failing.flow.Guid, 'status=failed')).Executions;
      expect(written).toEqual(
        failed
          .slice(0, 2)
          .map((call) => call.Id)
          .sort((a, b) => a - b)
          .map((id) => ({ ExecutionId: id, FlowName: failing.flow.Name, ErrorCode: 'TOO_BIG', Version: 1 })),
      );
      // Its own executions name the failed ones; it ran as the REST API, not as the caller. The two runs
      // start once their failures' log rows are written, possibly in one batch, so in either order.
      const byFailure = <T>(rows: T[], id: (row: T) => unknown) =>
        [...rows].sort((a, b) => Number(id(a)) - Number(id(b)));
      const failedCalls = byFailure(failed.slice(0, 2), (call) => call.Id);
      const runs = byFailure((await list(reporter.flow.Guid)).Executions, (run) => run.ErrorOf);
      expect(runs.map((run) => [run.ErrorOf, run.Status, run.ApiUser])).toEqual(
        failedCalls.map((call) => [call.Id, 200, null]),
      );
      // Each run is found under its failed call's trace id (issue 32 point 2).
      expect(runs.map((run) => run.TraceId)).toEqual(failedCalls.map((call) => call.TraceId));
      expect(runs[0]!.TraceId).toMatch(/^[0-9a-f]{32}$/);
      const run = await open(reporter.flow.Guid, runs.find((entry) => entry.ErrorOf === failed[0]!.Id)!.Id);
      expect(run.Data!.Input).toMatchObject({
        FlowName: failing.flow.Name,
        Version: 1,
        ErrorCode: 'TOO_BIG',
        Message: 'The value is too big',
        ExecutionId: failed[0]!.Id,
      });
      expect(
        run.Data!.Trace.find((entry) => entry.Type === 'start')!.Output as Record<string, unknown>,
      ).toMatchObject({ RunAs: api.name });

      // A 5xx: a flow this server cannot run (an unknown function) is a failure too.
      const unrunnable = await publish(
        [
          {
            type: 'add',
            config: { Fields: [{ Name: 'x', Type: 'String', AddType: 'Function', FunctionName: 'Nope' }] },
          },
        ],
        { api },
      );
      expect((await restCall(server, 'GET', unrunnable.path, { token })).status).toBe(501);
      await settle();
      expect((await failures()).at(-1)).toMatchObject({
        FlowName: unrunnable.flow.Name,
        ErrorCode: 'runtime.unknownFunction',
      });
    });

    it('never runs for its own failure: an error flow that fails runs once, and nothing runs for it', async () => {
      expect((await saveApi(brokenReporter.flow.Guid)).status).toBe(200);
      expect((await restCall(server, 'GET', `${failing.path}?amount=13`, { token })).status).toBe(422);
      await settle();
      const failed = await newest(failing.flow.Guid);
      const runs = (await list(brokenReporter.flow.Guid)).Executions;
      expect(runs.map((run) => [run.ErrorOf, run.Status, run.ErrorCode])).toEqual([
        [failed.Id, 422, 'REPORTER_BROKEN'],
      ]);
      // Called directly, the error flow's own failure runs no error flow either (not even itself).
      expect(
        (await restCall(server, 'POST', brokenReporter.path, { token, body: { ExecutionId: 5 } })).status,
      ).toBe(422);
      await settle();
      const after = (await list(brokenReporter.flow.Guid)).Executions;
      expect(after.map((run) => [run.ErrorOf, run.ApiUser])).toEqual([
        [null, 'demo-importer'],
        [failed.Id, null],
      ]);
      await saveApi(reporter.flow.Guid);
    });
  });
});
