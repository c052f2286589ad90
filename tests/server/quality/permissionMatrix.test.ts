import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHandlers } from '../../../server/app';
import type { OperationSpec } from '../../../server/contract/operations';
import { registerOperations } from '../../../server/contract/register';
import type { Handlers } from '../../../server/http/context';
import { fiveIdentities, type Identity, type IdentityName } from '../../support/identities';
import {
  describeRequest,
  isValidRequest,
  type OperationRequest,
  requestValidators,
  validRequestArbitrary,
} from '../../support/operationRequests';
import {
  type Expectation,
  identityOrder,
  type MatrixRow,
  matrixRow,
  permissionLabel,
} from '../../support/permissionMatrix';
import { databaseTargets, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Handlers that check more than their operation declares, with the reason. Everything else in the
 * matrix is derived from x-permission; a new entry here needs a sentence of the spec behind it.
 */
const handlerChecks: Partial<Record<OperationSpec['id'], Partial<Record<IdentityName, Expectation>>>> = {
  // The frame shows a module's content, so it needs what the module's route needs: Read on the module
  // named by Name (spec part 1 §6 'Each route requires the Read permission on its module').
  'ClientAdmin.GetIFrameInfo': { userWithout: { kind: 'status', status: 403 } },
};

/** A stable seed per operation, so the matrix sends the same plain request on every run. */
const seedOf = (id: string) => [...id].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 7);

/** The plain valid requests of an operation: required values only, plus the enrolment Key variant. */
function requestsOf(operation: OperationSpec): OperationRequest[] {
  const [plain] = fc.sample(validRequestArbitrary(operation, { optional: 'none' }), {
    numRuns: 1,
    seed: seedOf(operation.id),
  });
  const requests = [plain!];
  if (operation.permission === 'enrolment' && operation.parameters.some((p) => p.name === 'Key'))
    requests.push({ ...plain!, query: { ...plain!.query, Key: 'not-a-real-reset-key' }, note: 'with Key' });
  return requests;
}

const pad = (text: string, width: number) => text.padEnd(width).slice(0, width);

function printMatrix(rows: MatrixRow[], handlers: Handlers) {
  const header = `${pad('operation', 58)} ${pad('x-permission', 26)} ${identityOrder.map((n) => pad(n, 11)).join(' ')}`;
  const lines = rows.map(
    (row) =>
      `${pad(row.operation.id + (row.request.note === 'valid' ? '' : ` (${row.request.note})`), 58)} ${pad(permissionLabel(row.operation.permission), 26)} ${identityOrder.map((n) => pad(String(row.statuses[n]), 11)).join(' ')}`,
  );
  const pending = rows
    .filter((row) => !Object.hasOwn(handlers, row.operation.id))
    .map((row) => row.operation.id);
  console.log(
    [
      header,
      ...lines,
      '',
      `Answered 501 (no handler yet), ${new Set(pending).size} operations: ${[...new Set(pending)].join(', ')}`,
    ].join('\n'),
  );
}

describe.each(databaseTargets)('permission matrix on $name (spec part 1 §6, issue 9)', (target) => {
  let server: TestServer;
  let identities: Record<IdentityName, Identity>;
  let handlers: Handlers;
  beforeAll(async () => {
    server = await startTestServer(target, {
      accountRateLimit: 1_000_000,
      levelOneTokenSeconds: 3600,
      throttle: { slowAfter: 1_000_000, blockAfter: 1_000_000 },
    });
    identities = await fiveIdentities(server);
    handlers = await loadHandlers();
  });
  afterAll(() => server?.close());

  it('the identities are what they claim to be', () => {
    const claims = (token: string | undefined) =>
      JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims(identities.level1.token)).toMatchObject({ acr: '1' });
    expect(claims(identities.userWithout.token)).toMatchObject({ acr: '2', admin: false, entitlements: {} });
    expect(claims(identities.admin.token)).toMatchObject({ acr: '2', admin: true });
    expect(Number(claims(identities.expired.token).exp)).toBeLessThan(server.clock.now());
  });

  it('every operation answers every identity as its x-permission says', async () => {
    const validators = requestValidators(server.operations);
    const rows: MatrixRow[] = [];
    for (const operation of server.operations) {
      for (const request of requestsOf(operation)) {
        // The only thing that varies is the identity: the request itself passes validation.
        expect(
          isValidRequest(validators.get(operation.id)!, operation, request),
          describeRequest(operation, request),
        ).toBe(true);
        rows.push(
          await matrixRow(server.app, operation, operation.permission, request, identities, {
            handled: Object.hasOwn(handlers, operation.id),
            ...(handlerChecks[operation.id] ? { overrides: handlerChecks[operation.id]! } : {}),
          }),
        );
      }
    }
    printMatrix(rows, handlers);
    expect(rows.length).toBeGreaterThanOrEqual(server.operations.length);
    expect(rows.flatMap((row) => row.failures)).toEqual([]);
  });

  it('control: the matrix catches a route whose guard does not enforce what the contract declares', async () => {
    // The same handlers and services, but routes registered from a tampered copy of the contract.
    const tampered = server.operations.map((operation) =>
      operation.id === 'UserManagement.GetUsers'
        ? { ...operation, permission: 'signedIn' as const }
        : operation.id === 'UserManagement.GetRoles'
          ? { ...operation, permission: 'public' as const }
          : operation,
    );
    const app = Fastify({ logger: false });
    registerOperations(app, server.services, tampered, handlers, 1_000_000);
    await app.ready();
    try {
      for (const id of ['UserManagement.GetUsers', 'UserManagement.GetRoles']) {
        const declared = server.operations.find((operation) => operation.id === id)!;
        const row = await matrixRow(
          app,
          declared,
          declared.permission,
          requestsOf(declared)[0]!,
          identities,
          { handled: true },
        );
        expect(row.failures.length, `${id} should have been caught`).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
    }
  });
});
