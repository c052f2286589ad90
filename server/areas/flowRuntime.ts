import type { FlowGraph } from '../../src/domain/flow/types';
import { FlowStore } from '../flows/flowStore';
import type { Handlers } from '../http/context';
import { notFound } from '../http/errors';
import { traceOf } from '../observability/traceContext';
import { compileVersion } from '../runtime/compile';
import { listExecutions } from '../runtime/executions';
import { runPlan } from '../runtime/run';

/**
 * The Flow Builder's test run and executions log (issue 17 points 5, 6): extended calls of the
 * FlowBuilder area, beside the spec's in server/areas/flowBuilder.ts.
 */
const handlers: Handlers = {
  /**
   * Runs a version, or the graph the canvas sends, in a transaction that is always rolled back, as the
   * signed-in user (CurrentUser defaults read their e-mail); answers the call's status and body with the
   * trace. A version that cannot run answers its 501; a stored plan is not used, so a draft runs as saved.
   */
  'FlowBuilder.TestRunRestMethodFlow': async ({ db, config, params, body, principal, log, request }) => {
    await new FlowStore(db).find(params.guid, params.version);
    const compiled = await compileVersion(
      db,
      config.runtime,
      params.version,
      body.Flow as FlowGraph | undefined,
    );
    if ('error' in compiled) throw compiled.error;
    // A test run always has one (server/app.ts): the caller's traceparent's, or a new one.
    const trace = traceOf(request.raw);
    const started = performance.now();
    const outcome = await runPlan(compiled.plan, {
      db,
      principal,
      input: (body.Input ?? {}) as Record<string, unknown>,
      timeoutMs: config.runtime.timeoutMs,
      statementTimeoutMs: config.runtime.statementTimeoutMs,
      test: true,
      log,
      span: trace?.span,
    });
    return {
      Status: outcome.status,
      Answer: outcome.body,
      DurationMs: performance.now() - started,
      ErrorBlock: outcome.errorBlock ?? null,
      Trace: outcome.trace ?? [],
      TraceId: trace?.traceId ?? null,
    };
  },

  'FlowBuilder.GetRestMethodFlowExecutions': async ({ db, params, query, config, executions }) => {
    if (!(await new FlowStore(db).flowOf(params.guid))) throw notFound('error.loadFlow');
    // Calls still in the buffer belong on the page too.
    await executions.flush();
    const page = await listExecutions(db, params.guid, {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 20,
      status: query.status,
      version: query.version,
    });
    return { ...page, RetentionDays: config.runtime.executionRetentionDays } as never;
  },
};

export default handlers;
