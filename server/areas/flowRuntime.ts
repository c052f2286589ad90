import { isSpecialFlow } from '../../src/domain/flow/specialFlow';
import type { FlowGraph } from '../../src/domain/flow/types';
import { can } from '../../src/permissions/entitlements';
import type { Principal } from '../auth/principal';
import { FlowStore } from '../flows/flowStore';
import type { Handlers } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { traceOf } from '../observability/traceContext';
import { CALL_DATA_CAP_BYTES, callData, keepsData } from '../runtime/callData';
import { compileVersion } from '../runtime/compile';
import { executionTime, getExecution, listExecutions } from '../runtime/executions';
import { runPlan } from '../runtime/run';

/**
 * The Flow Builder's test run and executions log (issue 17 points 5, 6), executions with their data and
 * their retry (issue 32 points 3, 4): extended calls of the FlowBuilder area, beside the spec's in
 * server/areas/flowBuilder.ts.
 */

/** What the executions log kept of a call (server/runtime/callData.ts), as far as a retry reads it. */
interface KeptData {
  Input: Record<string, unknown>;
  InputComplete: boolean;
}
const handlers: Handlers = {
  /**
   * Runs a version, or the graph the canvas sends, in a transaction that is always rolled back, as the
   * signed-in user (CurrentUser defaults read their e-mail); answers the call's status and body with the
   * trace. A version that cannot run answers its 501; a stored plan is not used, so a draft runs as saved.
   */
  'FlowBuilder.TestRunRestMethodFlow': async ({
    db,
    config,
    keys,
    params,
    body,
    principal,
    log,
    request,
  }) => {
    await new FlowStore(db).find(params.guid, params.version);
    const compiled = await compileVersion(
      db,
      config.runtime,
      keys,
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
      from: query.from,
      to: query.to,
      apiUser: query.apiUser,
      errorCode: query.errorCode,
      traceId: query.traceId,
    });
    return { ...page, RetentionDays: config.runtime.executionRetentionDays } as never;
  },

  'FlowBuilder.GetRestMethodFlowExecution': async ({ db, params, executions }) => {
    if (!(await new FlowStore(db).flowOf(params.guid))) throw notFound('error.loadFlow');
    await executions.flush();
    const execution = await getExecution(db, params.guid, params.id);
    if (!execution) throw notFound('fb.executions.notFound');
    return execution as never;
  },

  /**
   * Runs a failed call's kept input again (issue 32 point 4) as a production call: its writes commit in
   * a transaction of its own. The failed call's writes were rolled back with it (every answer from 300
   * up rolls back, server/runtime/run.ts), so the retry is a fresh run and repeats nothing that
   * committed. It runs as the failed call's API user (its CurrentUser defaults and record stamps say the
   * same as the call's would have), against the version that failed or the flow's active one, and is
   * logged as a new execution retrying the old one, which it answers. It runs no error flow.
   */
  'FlowBuilder.RetryRestMethodFlowExecution': async ({
    db,
    config,
    params,
    body,
    principal,
    executions,
    plans,
    log,
    request,
  }) => {
    const store = new FlowStore(db);
    const flow = await store.flowOf(params.guid);
    if (!flow) throw notFound('error.loadFlow');
    // A special flow (script, PUT, DELETE) is run again only by who may change it (spec part 2 §4, §6).
    if (
      isSpecialFlow({ IsScript: flow.is_script, HttpMethod: flow.http_method }) &&
      !can(principal, 'FlowBuilder', 'UpsertSpecialFlow')
    )
      throw new HttpError(403, 'fb.specialFlowForbidden');
    await executions.flush();
    const failed = await getExecution(db, params.guid, params.id);
    if (!failed) throw notFound('fb.executions.notFound');
    if (Number(failed.Status) < 400) throw new HttpError(400, 'fb.retry.notFailed');
    const data = failed.Data as KeptData | null;
    if (!data) throw new HttpError(400, 'fb.retry.noData');
    if (!data.InputComplete) throw new HttpError(400, 'fb.retry.inputIncomplete');
    let versionGuid = failed.VersionGuid as string | null;
    if (body.Version === 'active') {
      const live = flow.is_active ? await store.published(params.guid) : null;
      if (!live?.VersionGuid) throw new HttpError(400, 'fb.retry.noActiveVersion');
      versionGuid = live.VersionGuid;
    }
    if (!versionGuid) throw new HttpError(400, 'fb.retry.noData');
    const compiled = await plans.get(versionGuid);
    if ('error' in compiled) throw compiled.error;
    const plan = compiled.plan;
    const caller: Principal | null = failed.ApiUserGuid
      ? {
          kind: 'apiUser',
          guid: String(failed.ApiUserGuid),
          name: String(failed.ApiUser ?? ''),
          level: 2,
          admin: false,
          entitlements: {},
        }
      : null;
    const keep = flow.keep_call_data;
    // The retry's own trace (server/app.ts gives every console call one), as a test run's.
    const trace = traceOf(request.raw);
    const at = executionTime();
    const started = performance.now();
    const outcome = await runPlan(plan, {
      db,
      principal: caller,
      input: data.Input,
      timeoutMs: config.runtime.timeoutMs,
      statementTimeoutMs: config.runtime.statementTimeoutMs,
      trace: keep !== 'never',
      log,
      span: trace?.span,
    });
    const id = await executions.insert({
      at,
      flowGuid: plan.flowGuid,
      versionGuid: plan.versionGuid,
      version: plan.version,
      apiGuid: (failed.ApiGuid as string | null) ?? plan.apiGuid,
      apiUserGuid: caller?.guid ?? null,
      apiUserName: caller?.name ?? null,
      method: plan.method,
      status: outcome.status,
      durationMs: performance.now() - started,
      errorBlock: outcome.errorBlock ?? null,
      errorCode: outcome.errorCode ?? null,
      message: outcome.status >= 400 ? (outcome.message ?? null) : null,
      data:
        outcome.trace && keepsData(keep, outcome.status)
          ? callData(plan.secrets, data.Input, outcome.body, outcome.trace, CALL_DATA_CAP_BYTES, plan.blocks)
          : null,
      traceId: trace?.traceId ?? null,
      retryOf: failed.Id,
      retriedBy: principal?.name ?? null,
    });
    return (await getExecution(db, params.guid, id)) as never;
  },

  'FlowBuilder.SetRestMethodFlowKeepCallData': async ({ db, params, body, principal, now }) => {
    await new FlowStore(db).setKeepCallData(params.guid, body.KeepCallData, {
      by: principal?.name ?? null,
      now: now(),
    });
    return true;
  },
};

export default handlers;
