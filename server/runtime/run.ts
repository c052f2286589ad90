import { blockTypes } from '../../src/domain/flow/blockTypes';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { Plan, Step } from './compile';
import { newGuid } from './executors';
import type { RunState, TraceEntry } from './state';

/**
 * Runs a plan (issue 17 points 2, 5, 7). A plan without writes runs on the database as it is; one with
 * writes runs in one transaction, which an error block, a failure or the timeout rolls back. A test run
 * always runs in a transaction that is always rolled back, and records what each block did.
 *
 * The error block answers 422 Unprocessable Content: the call was well formed, the flow refused it, in the
 * UIServices error shape with the block's code: `{Message: error_message, MessageKey: 'flow.error',
 * ErrorCode: error_code}`.
 */
export interface RunOptions {
  db: Db;
  principal: Principal | null;
  input: Record<string, unknown>;
  timeoutMs: number;
  statementTimeoutMs: number;
  test?: boolean;
}

export interface RunOutcome {
  status: number;
  body: unknown;
  /** The error block that ended the call, or the block that failed. */
  errorBlock?: string;
  errorCode?: string;
  message?: string;
  trace?: TraceEntry[];
}

/** Thrown inside the transaction to roll it back while keeping what the call answers. */
class Rollback extends Error {
  constructor(readonly outcome: RunOutcome) {
    super('rollback');
  }
}

const dbErrorCode = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** A failure as an answer: the database's words mapped to what the caller can act on. */
function failure(error: unknown, step: Step | undefined): HttpError {
  if (error instanceof HttpError) return error;
  const block = step ? (blockTypes[step.block.Type]?.label ?? step.block.Type) : 'flow';
  const detail = error instanceof Error ? error.message : String(error);
  const code = dbErrorCode(error);
  if (code === '57014') return new HttpError(504, 'runtime.statementTimeout');
  if (code.startsWith('23')) return new HttpError(409, 'runtime.conflict', { block, detail });
  if (code.startsWith('22')) return new HttpError(400, 'runtime.badValue', { block, detail });
  return new HttpError(500, 'runtime.failed', { block, detail });
}

const noteOf = (state: RunState) => state.note ?? {};

const errorAnswer = (error: HttpError): RunOutcome => ({
  status: error.status,
  body: error.body(),
  message: error.message,
});

export async function runPlan(plan: Plan, options: RunOptions): Promise<RunOutcome> {
  const now = Date.now();
  const deadline = now + options.timeoutMs;
  const tracing = options.test === true;
  const trace: TraceEntry[] = [];
  const state: RunState = {
    db: options.db,
    now,
    deadline,
    principal: options.principal,
    newGuid,
    input: options.input,
    vars: new Map(),
    rows: null,
    tracing,
  };
  const timedOut = () => new HttpError(504, 'runtime.timeout', { seconds: options.timeoutMs / 1000 });

  const walk = async (): Promise<RunOutcome> => {
    let guid: string | undefined = plan.start;
    let step: Step | undefined;
    try {
      while (guid) {
        if (Date.now() > deadline) throw timedOut();
        step = plan.steps.get(guid);
        if (!step) break;
        const started = performance.now();
        state.note = undefined;
        let outcome: Awaited<ReturnType<Step['execute']>>;
        try {
          outcome = await step.execute(state);
        } catch (error) {
          if (tracing) {
            const answer = failure(error, step);
            trace.push({
              Guid: step.block.Guid,
              Type: step.block.Type,
              ...noteOf(state),
              DurationMs: performance.now() - started,
              Error: { Message: answer.message, MessageKey: answer.messageKey },
            });
          }
          throw error;
        }
        if (tracing)
          trace.push({
            Guid: step.block.Guid,
            Type: step.block.Type,
            ...noteOf(state),
            DurationMs: performance.now() - started,
            ...('end' in outcome && outcome.end === 'error'
              ? { Error: { Message: outcome.message, MessageKey: 'flow.error', ErrorCode: outcome.code } }
              : {}),
          });
        if ('end' in outcome) {
          if (outcome.end === 'error')
            return {
              status: 422,
              body: { Message: outcome.message, MessageKey: 'flow.error', ErrorCode: outcome.code },
              errorBlock: step.block.Guid,
              errorCode: outcome.code,
              message: outcome.message,
            };
          break;
        }
        guid = outcome.exit === 'False' ? step.falseNext : step.next;
      }
      if (Date.now() > deadline) throw timedOut();
      return state.answer ?? { status: 204, body: null };
    } catch (error) {
      return { ...errorAnswer(failure(error, step)), ...(step ? { errorBlock: step.block.Guid } : {}) };
    }
  };

  const withTrace = (outcome: RunOutcome): RunOutcome => (tracing ? { ...outcome, trace } : outcome);
  const inTransaction = plan.writes || tracing;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RunOutcome>((resolve) => {
    timer = setTimeout(() => resolve(errorAnswer(timedOut())), options.timeoutMs);
  });
  try {
    if (!inTransaction) return withTrace(await Promise.race([walk(), timeout]));
    const run = options.db
      .transaction(async (tx) => {
        state.db = tx;
        if (options.db.kind === 'postgres')
          await tx.query("select set_config('statement_timeout', $1, true)", [
            String(options.statementTimeoutMs),
          ]);
        const outcome = await walk();
        // Anything but a success rolls back; so does every test run.
        if (tracing || outcome.status >= 300) throw new Rollback(outcome);
        return outcome;
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.outcome;
        return errorAnswer(failure(error, undefined));
      });
    return withTrace(await Promise.race([run, timeout]));
  } finally {
    clearTimeout(timer);
  }
}
