import fc from 'fast-check';
import type { OperationSpec } from '../../server/contract/operations';
import type { RequestValidator } from '../../server/contract/requestValidation';
import { changedTables, type Fingerprint } from './dbFingerprint';
import {
  type Answer,
  describeRequest,
  invalidRequestArbitrary,
  isValidRequest,
  type OperationRequest,
  validRequestArbitrary,
} from './operationRequests';

/** What one fuzzed call must satisfy (issue 9 'Fuzzing'), given what was sent and what came back. */
export interface CallOutcome {
  /** Whether the contract accepts the request, by the server's own validators. */
  valid: boolean;
  /** Whether the operation has a handler; without one a valid call answers 501. */
  handled: boolean;
  answer: Answer;
  before: Fingerprint;
  after: Fingerprint;
}

/** The rules a call broke, as sentences; empty when it kept them all. */
export function verdict({ valid, handled, answer, before, after }: CallOutcome): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const body = answer.body as { Message?: unknown; MessageKey?: unknown } | undefined;
  if (status >= 500 && !(status === 501 && !handled)) problems.push(`answered ${status}`);
  if (status === 501 && handled) problems.push('answered 501 though the operation has a handler');
  if (!handled && valid && status !== 501) problems.push(`no handler, valid request, answered ${status}`);
  if (status >= 400 && status < 500 && !(typeof body?.Message === 'string' && body.Message.trim() !== ''))
    problems.push(`answered ${status} without a Message`);
  // Invalid input is refused before any handler runs: 400, or 404 when a path segment is empty and no
  // route matches at all.
  if (!valid && status !== 400 && !(status === 404 && body?.MessageKey === 'api.notFound'))
    problems.push(`an invalid request answered ${status}, not 400`);
  if (status >= 300) {
    const changed = changedTables(before, after);
    if (changed.length > 0) problems.push(`a refused call (${status}) changed ${changed.join(', ')}`);
  }
  return problems;
}

/** Valid and invalid requests of an operation, half and half. */
export function fuzzRequests(operation: OperationSpec): fc.Arbitrary<OperationRequest> {
  const valid = validRequestArbitrary(operation, { optional: 'some' });
  const invalid = invalidRequestArbitrary(operation);
  return invalid ? fc.oneof(valid, invalid) : valid;
}

export interface FuzzTally {
  valid: number;
  invalid: number;
  statuses: Record<number, number>;
}

/**
 * Fuzzes one operation: every generated request is sent, judged by `verdict`, and fast-check shrinks
 * a failure to a small request. `send` makes the call; `fingerprint` reads the database state.
 */
export async function fuzzOperation(options: {
  operation: OperationSpec;
  validator: RequestValidator;
  handled: boolean;
  send: (request: OperationRequest) => Promise<Answer>;
  fingerprint: () => Promise<Fingerprint>;
  numRuns: number;
  seed?: number;
}): Promise<FuzzTally> {
  const { operation, validator, handled, send, fingerprint } = options;
  const tally: FuzzTally = { valid: 0, invalid: 0, statuses: {} };
  let state = await fingerprint();
  await fc.assert(
    fc.asyncProperty(fuzzRequests(operation), async (request) => {
      const valid = isValidRequest(validator, operation, request);
      const before = state;
      const answer = await send(request);
      state = await fingerprint();
      tally[valid ? 'valid' : 'invalid'] += 1;
      tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
      const problems = verdict({ valid, handled, answer, before, after: state });
      if (problems.length > 0)
        throw new Error(
          `${describeRequest(operation, request)}\n  ${problems.join('\n  ')}\n  answer: ${JSON.stringify(answer.body).slice(0, 400)}`,
        );
    }),
    { numRuns: options.numRuns, ...(options.seed !== undefined ? { seed: options.seed } : {}) },
  );
  return tally;
}
