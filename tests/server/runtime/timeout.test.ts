import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, Step } from '../../../server/runtime/compile';
import type { Executor } from '../../../server/runtime/executors';
import { runPlan } from '../../../server/runtime/run';
import type { FlowBlock } from '../../../src/domain/flow/types';
import { databaseTargets, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 17 point 7: the per-call timeout and the statement timeout answer 504 and leave no partial write.
 * The plans are built by hand around real writes, so the slow part is a block that waits, not the machine.
 */
describe.each(databaseTargets)('runtime limits on $name (issue 17 point 7)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
    await server.db.exec('create table timeout_probe (id integer)');
  });
  afterAll(() => server?.close());

  const step = (guid: string, execute: Executor, next?: string): Step => ({
    block: { Guid: guid, Type: 'write' } as FlowBlock,
    execute,
    next,
    falseNext: undefined,
  });
  const plan = (...steps: Step[]): Plan => ({
    flowGuid: 'f',
    versionGuid: 'v',
    version: 1,
    name: 'probe',
    method: 'POST',
    apiGuid: null,
    start: steps[0]!.block.Guid,
    steps: new Map(steps.map((entry) => [entry.block.Guid, entry])),
    writes: true,
    writesOwn: true,
    inputFields: [],
    secrets: new Set(),
    blocks: new Map(),
  });
  const insert: Executor = async (state) => {
    await state.db.query('insert into timeout_probe (id) values (1)');
    return { exit: 'Out' };
  };
  // A transaction of its own waits for the call's to end on PGlite and sees only committed rows on PostgreSQL.
  const rowsLeft = () =>
    server.db.transaction(async (tx) => {
      const [row] = await tx.query<{ n: number }>('select count(*)::int as n from timeout_probe');
      return row!.n;
    });

  it('a call past its time answers 504 runtime.timeout, and its first write is rolled back', async () => {
    let release!: () => void;
    const slowDone = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Executor = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      return { exit: 'Out' };
    };
    const outcome = await runPlan(plan(step('a', insert, 'b'), step('b', slow, 'c'), step('c', insert)), {
      db: server.db,
      principal: null,
      input: {},
      timeoutMs: 50,
      statementTimeoutMs: 5000,
    });
    expect([outcome.status, (outcome.body as { MessageKey: string }).MessageKey]).toEqual([
      504,
      'runtime.timeout',
    ]);
    await slowDone;
    expect(await rowsLeft()).toBe(0);
  });

  // PGlite cannot stop a running statement, but it runs on a thread of its own (server/db/pgliteThread.ts):
  // the call's timer still fires, so its 504 does not wait for the statement (README, "What a 504 stops").
  it.runIf(target.name === 'pglite')(
    'a call past its time answers 504 while its PGlite statement is still running',
    async () => {
      let statementEnded = false;
      let statement: Promise<unknown> | undefined;
      const sleep: Executor = async (state) => {
        statement = state.db.query('select pg_sleep(1)').finally(() => {
          statementEnded = true;
        });
        await statement;
        return { exit: 'Out' };
      };
      const outcome = await runPlan(plan(step('a', sleep)), {
        db: server.db,
        principal: null,
        input: {},
        timeoutMs: 100,
        statementTimeoutMs: 5000,
      });
      expect([outcome.status, statementEnded]).toEqual([504, false]);
      await statement?.catch(() => undefined);
      expect(await rowsLeft()).toBe(0);
    },
  );

  it.runIf(target.name === 'postgres')(
    'a statement past the statement timeout answers 504 runtime.statementTimeout, and the write before it is rolled back',
    async () => {
      const sleep: Executor = async (state) => {
        await state.db.query('select pg_sleep(2)');
        return { exit: 'Out' };
      };
      const outcome = await runPlan(plan(step('a', insert, 'b'), step('b', sleep)), {
        db: server.db,
        principal: null,
        input: {},
        timeoutMs: 10_000,
        statementTimeoutMs: 100,
      });
      expect([outcome.status, (outcome.body as { MessageKey: string }).MessageKey]).toEqual([
        504,
        'runtime.statementTimeout',
      ]);
      expect(await rowsLeft()).toBe(0);
    },
  );
});
