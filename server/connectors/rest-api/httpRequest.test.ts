import { describe, expect, it } from 'vitest';
import { buildRequest, type HttpOperation } from './httpRequest';

const operation: HttpOperation = {
  Name: 'updateOrder',
  Method: 'PUT',
  Path: '/orders/{orderId}',
  Inputs: [
    { Name: 'orderId', In: 'path', IsRequired: true },
    { Name: 'tags', In: 'query' },
    { Name: 'trace', In: 'header', Key: 'X-Trace' },
    { Name: 'name', In: 'body', Key: 'customer.name' },
    { Name: 'qty', In: 'body' },
  ],
  Headers: [{ Key: 'X-Version', Value: '2' }],
};
const base = 'https://api.example.com/v1';

const built = (input: Record<string, unknown>, changes: Partial<HttpOperation> = {}) => {
  const request = buildRequest({ ...operation, ...changes }, base, input);
  return 'problem' in request ? request : { ...request, url: request.url.href };
};

// Issue 30 point 3: "method, path with {parameters}, query, headers, a JSON body built from mapped inputs".
describe('buildRequest (issue 30 point 3)', () => {
  it.each([
    [
      'every place an input goes (issue 30 §3)',
      { orderId: 5, tags: ['a', 'b'], trace: 't1', name: 'Anna', qty: 2 },
      {},
      {
        method: 'PUT',
        url: 'https://api.example.com/v1/orders/5?tags=a&tags=b',
        headers: { accept: 'application/json', 'x-version': '2', 'x-trace': 't1' },
        body: '{"customer":{"name":"Anna"},"qty":2}',
      },
    ],
    [
      'absent optional inputs are left out (issue 30 §7: leave absent inputs alone)',
      { orderId: 5 },
      {},
      {
        method: 'PUT',
        url: 'https://api.example.com/v1/orders/5',
        headers: { accept: 'application/json', 'x-version': '2' },
        body: '{}',
      },
    ],
    ['a required input missing (issue 30 §3)', {}, {}, { problem: 'missing', name: 'orderId' }],
    [
      'a header value with a line break (RFC 9110 §5.5)',
      { orderId: 1, trace: 'a\r\nX-Evil: 1' },
      {},
      { problem: 'lineBreak', name: 'x-trace' },
    ],
    [
      'a fixed header with a line break, whatever the input (RFC 9110 §5.5)',
      { orderId: 1 },
      { Headers: [{ Key: 'X-Version', Value: '2\nX-Evil: 1' }] },
      { problem: 'lineBreak', name: 'x-version' },
    ],
    [
      'a header input replaces a fixed header of its name (issue 30 §3)',
      { orderId: 1, trace: 'ok' },
      { Headers: [{ Key: 'X-Trace', Value: 'bad\r\n' }] },
      {
        method: 'PUT',
        url: 'https://api.example.com/v1/orders/1',
        headers: { accept: 'application/json', 'x-trace': 'ok' },
        body: '{}',
      },
    ],
    [
      'a path value cannot leave the origin (issue 29 §1)',
      { orderId: '//evil.example' },
      { Method: 'DELETE', Headers: [], Inputs: [{ Name: 'orderId', In: 'path' }] },
      {
        method: 'DELETE',
        url: 'https://api.example.com/v1/orders/%2F%2Fevil.example',
        headers: { accept: 'application/json' },
      },
    ],
    [
      'a GET without body inputs sends no body (RFC 9110 §9.3.1)',
      { orderId: 1 },
      { Method: 'GET', Inputs: [{ Name: 'orderId', In: 'path' }] },
      {
        method: 'GET',
        url: 'https://api.example.com/v1/orders/1',
        headers: { accept: 'application/json', 'x-version': '2' },
      },
    ],
    [
      'a body input keyed $ is the whole body (issue 30 §3 OpenAPI import)',
      { orderId: 1, lines: [{ sku: 'a' }] },
      {
        Method: 'POST',
        Inputs: [
          { Name: 'orderId', In: 'path' },
          { Name: 'lines', In: 'body', Key: '$' },
        ],
      },
      {
        method: 'POST',
        url: 'https://api.example.com/v1/orders/1',
        headers: { accept: 'application/json', 'x-version': '2' },
        body: '[{"sku":"a"}]',
      },
    ],
  ] as Array<[string, Record<string, unknown>, Partial<HttpOperation>, unknown]>)(
    '%s',
    (_label, input, changes, expected) => {
      expect(built(input, changes)).toEqual(expected);
    },
  );
});
