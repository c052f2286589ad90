import { blockTypes } from '../../src/domain/flow/blockTypes';
import type { Principal } from '../auth/principal';
import { RemoteFailure, remoteText } from '../connectors/remoteFailure';
import { type Db, Stop } from '../db/database';
import { HttpError } from '../http/errors';
import type { CallSpan } from '../observability/traceContext';
import { CallTransactions } from './callTransactions';
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

/**
 * Milliseconds since `started`, to the microsecond: what the test run and kept data show. The timer's
 * further digits are noise, and kept data pays for every byte (issue 32's bench).
 */
const elapsedMs = (started: number) => Math.round((performance.now() - started) * 1000) / 1000;

export interface RunOptions {
  db: Db;
  principal: Principal | null;
  input: Record<string, unknown>;
  timeoutMs: number;
  statementTimeoutMs: number;
  /** A test run: always in a transaction, always rolled back, always traced. */
  test?: boolean;
  /**
   * Collect what each block did, as a test run does, in a production call whose data may be kept
   * (issue 32 point 3: the flow's 'Keep call data' is not `never`). It changes nothing else: a
   * production call's writes commit as before.
   */
  trace?: boolean;
  /** Where a failure's own words go (the database's error text): the request's log. */
  log?: RunLog;
  /** The call's span while spans are exported (server/observability/otel.ts): each block gets one under it. */
  span?: CallSpan | undefined;
}

/** What runPlan logs with: Fastify's logger has these. */
export interface RunLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RunOutcome {
  status: number;
  body: unknown;
  /** The error block that ended the call, or the block that failed. */
  errorBlock?: string;
  /** The connection whose system failed the call (issue 30 point 6), for the executions log. */
  errorConnection?: string;
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

/**
 * A failure as an answer: the database's refusal mapped to what the caller can act on, in the
 * catalogue's words. The database's own text (`invalid byte sequence for encoding "UTF8": 0x00`, a
 * constraint's or a table's name) names tables and columns of the server, so it goes to the log, never
 * to the caller (issue 29 point 9); so does any other error's text.
 */
function failure(error: unknown, step: Step | undefined, log: RunLog | undefined): HttpError {
  if (error instanceof RemoteFailure) {
    // The remote's own text goes to the log only, and only its code and message: client libraries hang
    // the command they sent on their errors (an SMTP AUTH line, a connection's settings).
    log?.warn(
      {
        remote: remoteText(error.remote),
        block: step?.block.Guid ?? null,
        connection: error.connection,
        answered: error.status,
      },
      'another system failed a flow call',
    );
    return error;
  }
  if (error instanceof HttpError) return error;
  const block = step ? (blockTypes[step.block.Type]?.label ?? step.block.Type) : 'flow';
  const code = dbErrorCode(error);
  const answer =
    code === '57014'
      ? new HttpError(504, 'runtime.statementTimeout')
      : code.startsWith('23')
        ? new HttpError(409, 'runtime.conflict', { block })
        : code.startsWith('22')
          ? new HttpError(400, 'runtime.badValue', { block })
          : new HttpError(500, 'runtime.failed', { block });
  const where = { err: error, block: step?.block.Guid ?? null, answered: answer.status };
  if (answer.status >= 500 && code !== '57014') log?.error(where, 'a flow call failed');
  else log?.warn(where, 'the database refused a flow call');
  return answer;
}

const noteOf = (state: RunState) => state.note ?? {};

const errorAnswer = (error: HttpError): RunOutcome => ({
  status: error.status,
  body: error.body(),
  message: error.message,
  ...(error instanceof RemoteFailure ? { errorConnection: error.connection } : {}),
});

export async function runPlan(plan: Plan, options: RunOptions): Promise<RunOutcome> {
  const now = Date.now();
  const deadline = now + options.timeoutMs;
  const tracing = options.test === true || options.trace === true;
  const trace: TraceEntry[] = [];
  // The call's statements stop with it: the timeout stops this, so a statement not yet started is
  // refused and, on PostgreSQL, one running is cancelled (issue 29 point 9; server/db/database.ts).
  const stop = new Stop();
  const db = options.db.stoppable(stop);
  const state: RunState = {
    db,
    cacheable: options.db,
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
        const blockSpan = options.span?.child(blockTypes[step.block.Type]?.label ?? step.block.Type, {
          'flow.block.guid': step.block.Guid,
          'flow.block.type': step.block.Type,
        });
        try {
          // In its span, the block's statements and fetches are the span's children.
          const running = step;
          outcome = blockSpan ? await blockSpan.run(() => running.execute(state)) : await step.execute(state);
          blockSpan?.end(
            'end' in outcome && outcome.end === 'error' ? `ERROR block: ${outcome.code}` : undefined,
          );
        } catch (error) {
          blockSpan?.end(error instanceof HttpError ? error.messageKey : dbErrorCode(error) || 'failed');
          if (tracing) {
            // Logged once, where the call answers it (below).
            const answer = failure(error, step, undefined);
            trace.push({
              Guid: step.block.Guid,
              Type: step.block.Type,
              ...noteOf(state),
              DurationMs: elapsedMs(started),
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
            DurationMs: elapsedMs(started),
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
      return {
        ...errorAnswer(failure(error, step, options.log)),
        ...(step ? { errorBlock: step.block.Guid } : {}),
      };
    }
  };

  // Each call's outcome is an object of its own: the trace is added to it rather than copied with it.
  const withTrace = (outcome: RunOutcome): RunOutcome => {
    if (tracing) outcome.trace = trace;
    return outcome;
  };
  const inTransaction = plan.writes || options.test === true;
  // Reads of a call that writes nowhere stay on the pools (callTransactions.ts).
  const remote = inTransaction ? new CallTransactions(options.log) : undefined;
  state.remote = remote;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RunOutcome>((resolve) => {
    timer = setTimeout(() => {
      stop.stop();
      resolve(errorAnswer(timedOut()));
    }, options.timeoutMs);
  });
  try {
    if (!inTransaction) return withTrace(await Promise.race([walk(), timeout]));
    const run = db
      .transaction(async (tx) => {
        state.db = tx;
        state.cacheable = null;
        if (options.db.kind === 'postgres')
          await tx.query("select set_config('statement_timeout', $1, true)", [
            String(options.statementTimeoutMs),
          ]);
        const outcome = await walk();
        // Anything but a success rolls back; so does every test run, and a call already answered 504.
        if (options.test === true || outcome.status >= 300) throw new Rollback(outcome);
        if (stop.stopped) throw new Rollback(errorAnswer(timedOut()));
        // Other connections' writes are prepared or committed before this transaction commits, which
        // decides for the prepared ones (issue 30 point 2).
        try {
          await remote!.beforeCommit(tx, plan.writesOwn);
        } catch (error) {
          throw new Rollback(errorAnswer(failure(error, undefined, options.log)));
        }
        return outcome;
      })
      .then(async (outcome) => {
        const failed = await remote!.afterCommit(options.db);
        return failed ? errorAnswer(failure(failed, undefined, options.log)) : outcome;
      })
      .catch(async (error: unknown) => {
        // The flow failed, or the server's own transaction did not commit: nothing elsewhere is kept.
        await remote!.rollback();
        if (error instanceof Rollback) return error.outcome;
        return errorAnswer(failure(error, undefined, options.log));
      });
    return withTrace(await Promise.race([run, timeout]));
  } finally {
    clearTimeout(timer);
  }
}
