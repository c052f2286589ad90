import type { FastifyInstance } from 'fastify';
import type { OperationSpec, Permission } from '../../server/contract/operations';
import type { Identity, IdentityName } from './identities';
import { describeRequest, type OperationRequest, send } from './operationRequests';

/**
 * What an operation must answer an identity, derived only from its declared `x-permission`
 * (spec part 1 §6; server/auth/guard.ts enforces it):
 *
 * | x-permission   | no token | level-1 | expired | user without permission | admin |
 * | -------------- | -------- | ------- | ------- | ----------------------- | ----- |
 * | public         | the same answer for every identity, never 403                      |
 * | level1         | 401      | passes  | 401     | 401 (level 2)           | 401 (level 2) |
 * | enrolment      | 401 (passes with a reset Key) | passes | 401 | 401        | 401   |
 * | signedIn       | 401      | 401     | 401     | passes                  | passes |
 * | admin          | 401      | 401     | 401     | 403                     | passes |
 * | {area, action} | 401      | 401     | 401     | 403                     | passes |
 *
 * "Passes" means the guard lets the call through: not 401 and not 403, and exactly 501 when the
 * operation has no handler yet.
 */
export type Expectation =
  | { kind: 'status'; status: number }
  | { kind: 'passes' }
  /** Public calls ignore the token: every identity gets what the anonymous caller gets. */
  | { kind: 'sameAsAnonymous' };

export interface MatrixContext {
  /** Whether the request carries the enrolment Key in its query. */
  hasKey: boolean;
}

export function expectedFor(
  permission: Permission,
  identity: IdentityName,
  context: MatrixContext,
): Expectation {
  const unauthorized = { kind: 'status', status: 401 } as const;
  const passes = { kind: 'passes' } as const;
  if (permission === 'public') return { kind: 'sameAsAnonymous' };
  if (permission === 'level1' || permission === 'enrolment') {
    if (identity === 'level1') return passes;
    if (identity === 'none' && permission === 'enrolment' && context.hasKey) return passes;
    return unauthorized;
  }
  if (identity === 'none' || identity === 'level1' || identity === 'expired') return unauthorized;
  if (identity === 'admin') return passes;
  return permission === 'signedIn' ? passes : { kind: 'status', status: 403 };
}

/**
 * Checks a status against an expectation; answers a sentence saying what is wrong, or null. `handled`
 * says whether the operation has a handler: without one a call the guard lets through answers 501.
 */
export function judge(
  expectation: Expectation,
  status: number,
  options: { handled: boolean; anonymousStatus?: number },
): string | null {
  switch (expectation.kind) {
    case 'status':
      return status === expectation.status ? null : `expected ${expectation.status}, got ${status}`;
    case 'passes':
      if (status === 401 || status === 403) return `expected the guard to let it through, got ${status}`;
      if (!options.handled && status !== 501) return `no handler exists, so expected 501, got ${status}`;
      if (options.handled && status >= 500) return `expected an answer from the handler, got ${status}`;
      return null;
    case 'sameAsAnonymous':
      if (status === 403) return 'a public call answered 403';
      if (options.anonymousStatus !== undefined && status !== options.anonymousStatus)
        return `a public call answered ${status}, but ${options.anonymousStatus} without a token`;
      return null;
  }
}

/** Renders a permission for reports: public, level1, enrolment, signedIn or Area.Action. */
export const permissionLabel = (permission: OperationSpec['permission']) =>
  typeof permission === 'string' ? permission : `${permission.area}.${permission.action}`;

export interface MatrixRow {
  operation: OperationSpec;
  request: OperationRequest;
  statuses: Partial<Record<IdentityName, number>>;
  failures: string[];
}

/** Identities in the order they call: the anonymous answer is the reference for public calls. */
export const identityOrder: IdentityName[] = ['none', 'level1', 'expired', 'userWithout', 'admin'];

/**
 * Sends one valid request to an operation as each identity and judges every answer against what
 * `declared` (the contract's x-permission) demands. `overrides` replaces an expectation where a
 * handler checks more than the declaration, which the caller must explain.
 */
export async function matrixRow(
  app: FastifyInstance,
  operation: OperationSpec,
  declared: Permission,
  request: OperationRequest,
  identities: Record<IdentityName, Identity>,
  options: { handled: boolean; overrides?: Partial<Record<IdentityName, Expectation>> },
): Promise<MatrixRow> {
  const row: MatrixRow = { operation, request, statuses: {}, failures: [] };
  const hasKey = typeof request.query.Key === 'string' && request.query.Key !== '';
  for (const name of identityOrder) {
    const answer = await send(app, operation, request, identities[name].token);
    row.statuses[name] = answer.status;
    const expectation = options.overrides?.[name] ?? expectedFor(declared, name, { hasKey });
    const problem = judge(expectation, answer.status, {
      handled: options.handled,
      ...(row.statuses.none !== undefined ? { anonymousStatus: row.statuses.none } : {}),
    });
    if (problem)
      row.failures.push(
        `${describeRequest(operation, request)} as ${identities[name].description}: ${problem} ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
  }
  return row;
}
