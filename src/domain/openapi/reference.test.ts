import { describe, expect, it } from 'vitest';
import { countingGuids, flowOf } from '../../../tests/support/flowBuilders';
import type { FlowGraph } from '../flow/types';
import { describeRestApi } from './describeRestApi';
import { curlOf, exampleOf, groupsOf, requestOf } from './reference';

const built = flowOf([], {
  newGuid: countingGuids('r'),
  startFields: [{ Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } }],
  result: { output: [] },
});
const graph = built.flow.Flow as FlowGraph;
const flows = [
  { name: 'customers/credit', method: 'GET' as const, version: 1, graph },
  { name: 'orders/notify', method: 'POST' as const, version: 2, graph },
];

describe('the API reference reads the document (issue 31 point 2)', () => {
  it('groups operations by the first segment of their path', () => {
    const groups = groupsOf(describeRestApi({ Name: 'orders_api', ApiAuthentication: 'ApiToken' }, flows));
    expect(
      groups.map((group) => [group.name, group.operations.map((op) => `${op.method} ${op.path}`)]),
    ).toEqual([
      ['customers', ['GET /customers/credit']],
      ['orders', ['POST /orders/notify']],
    ]);
  });

  // spec part 1 §3 'REST API' ApiAuthentication; part 2 §1: GET flows take query parameters.
  it.each<[string, string, string]>([
    [
      'ApiToken: a bearer token, the query from the parameters',
      'ApiToken',
      "curl -X GET 'https://h/rest/orders_api/customers/credit?customerId=42' -H 'authorization: Bearer t0k'",
    ],
    [
      'Basic: the username and token (part 1 §3 "API user")',
      'Basic',
      `curl -X GET 'https://h/rest/orders_api/customers/credit?customerId=42' -H 'authorization: Basic ${btoa('robot:t0k')}'`,
    ],
    ['None: no header', 'None', "curl -X GET 'https://h/rest/orders_api/customers/credit?customerId=42'"],
  ])('copy as curl: %s', (_, auth, expected) => {
    const document = describeRestApi({ Name: 'orders_api', ApiAuthentication: auth }, flows);
    const target = groupsOf(document)[0]!.operations[0]!;
    const request = requestOf(document, target, {
      origin: 'https://h',
      values: { customerId: '42' },
      body: '',
      credentials: { token: 't0k', username: 'robot' },
    });
    expect(curlOf(request)).toBe(expected);
  });

  it("a body is sent as JSON and quoted for the shell (a ' inside stays one argument)", () => {
    const document = describeRestApi({ Name: 'orders_api', ApiAuthentication: 'None' }, flows);
    const target = groupsOf(document)[1]!.operations[0]!;
    const request = requestOf(document, target, {
      origin: 'https://h',
      values: {},
      body: `{"name":"O'Brien"}`,
      credentials: { token: '' },
    });
    expect(curlOf(request)).toBe(
      `curl -X POST 'https://h/rest/orders_api/orders/notify' -H 'content-type: application/json' --data '{"name":"O'\\''Brien"}'`,
    );
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'a guid (part 2 §5 "Type formats")',
      { type: 'string', pattern: '^[0-9a-fA-F]{8}-…$' },
      '00000000-0000-4000-8000-000000000000',
    ],
    ['a date', { type: ['string', 'null'], format: 'date' }, '2026-01-31'],
    [
      'a list of objects',
      { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
      [{ n: 0 }],
    ],
  ])('an example body of %s', (_, schema, example) => {
    expect(exampleOf(schema)).toEqual(example);
  });
});
