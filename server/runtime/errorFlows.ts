import type { Principal } from '../auth/principal';
import type { RuntimeConfig } from '../config';
import type { Db } from '../db/database';
import { CALL_DATA_CAP_BYTES, callData, type KeepCallData, keepsData } from './callData';
import type { PlanCache } from './compile';
import { type Execution, type ExecutionLog, executionTime } from './executions';
import { type RunLog, runPlan } from './run';

/**
 * A REST API's error flow (issue 32 point 5): a flow of the same REST API, named in its `ErrorFlow`, run
 * once for each of the REST API's calls that fails — ended by an ERROR block, answered 5xx, or timed
 * out (504). It runs after the failed call has been answered, so the caller never waits for it, with
 * the input
 *
 *   {FlowName, Version, ErrorCode, Message, ExecutionId, At}
 *
 * (ErrorCode: the ERROR block's code, otherwise the answer's message key, `runtime.timeout` say), as
 * the REST API itself (a principal of kind restApi named after it: CurrentUser defaults and the records
 * it writes say the REST API, never the caller's API user nor a console user). Its own execution is
 * logged with `ErrorOf` naming the failed one; its own failure is logged too and triggers nothing: an
 * error flow never runs because of an error flow, itself included (serve.ts does not ask for one when
 * the failed call was to the error flow).
 */
export interface ErrorFlowTarget {
  apiGuid: string;
  apiName: string;
  flowGuid: string;
  versionGuid: string;
  version: number;
  keep: KeepCallData;
}

export interface FailedCall {
  execution: Execution;
  flowName: string;
  /** ErrorCode of the error flow's input. */
  errorCode: string;
}

export interface ErrorFlowServices {
  db: Db;
  config: RuntimeConfig;
  plans: PlanCache;
  executions: ExecutionLog;
  log: RunLog;
}

/** Whether a call's outcome is a failure its REST API's error flow hears of. */
export const reportsFailure = (status: number, errorCode: string | null | undefined) =>
  status >= 500 || (status === 422 && !!errorCode);

export class ErrorFlows {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly services: ErrorFlowServices) {}

  /** Logs the failed call at once (its id is the error flow's ExecutionId), then runs the error flow. */
  report(target: ErrorFlowTarget, failed: FailedCall): void {
    const run = this.run(target, failed)
      .catch((error: unknown) =>
        this.services.log.error({ err: error, flow: target.flowGuid }, 'an error flow could not run'),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves when every error flow started so far has ended (a stopping server; the tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async run(target: ErrorFlowTarget, failed: FailedCall): Promise<void> {
    const { db, config, plans, executions, log } = this.services;
    const executionId = await executions.insert(failed.execution);
    const at = executionTime();
    const started = performance.now();
    const base = {
      at,
      flowGuid: target.flowGuid,
      versionGuid: target.versionGuid,
      version: target.version,
      apiGuid: target.apiGuid,
      apiUserGuid: null,
      apiUserName: null,
      errorOf: executionId,
      // The failed call's trace: its log lines and the error flow's are found under one id.
      traceId: failed.execution.traceId,
    };
    const compiled = await plans.get(target.versionGuid);
    if ('error' in compiled) {
      executions.record({
        ...base,
        method: 'POST',
        status: compiled.error.status,
        durationMs: performance.now() - started,
        errorBlock: null,
        errorCode: null,
        message: compiled.error.message,
      });
      log.warn({ flow: target.flowGuid, failed: executionId }, 'the error flow cannot run');
      return;
    }
    const input = {
      FlowName: failed.flowName,
      Version: failed.execution.version,
      ErrorCode: failed.errorCode,
      Message: failed.execution.message,
      ExecutionId: executionId,
      At: new Date(failed.execution.at).toISOString(),
    };
    const principal: Principal = {
      kind: 'restApi',
      guid: target.apiGuid,
      name: target.apiName,
      level: 2,
      admin: false,
      entitlements: {},
    };
    const outcome = await runPlan(compiled.plan, {
      db,
      principal,
      input,
      timeoutMs: config.timeoutMs,
      statementTimeoutMs: config.statementTimeoutMs,
      trace: target.keep !== 'never',
      log,
    });
    executions.record({
      ...base,
      method: compiled.plan.method,
      status: outcome.status,
      durationMs: performance.now() - started,
      errorBlock: outcome.errorBlock ?? null,
      errorCode: outcome.errorCode ?? null,
      message: outcome.status >= 400 ? (outcome.message ?? null) : null,
      data:
        outcome.trace && keepsData(target.keep, outcome.status)
          ? callData(
              compiled.plan.secrets,
              input,
              outcome.body,
              outcome.trace,
              CALL_DATA_CAP_BYTES,
              compiled.plan.blocks,
            )
          : null,
    });
    // Logged, never reported: an error flow's failure runs no error flow.
    if (outcome.status >= 400)
      log.warn(
        { flow: target.flowGuid, failed: executionId, answered: outcome.status },
        'the error flow failed; no other error flow runs for it',
      );
  }
}
