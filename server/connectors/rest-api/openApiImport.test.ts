import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cleanOperationName, importOpenApi } from './openApiImport';

const answering = (schema: unknown) => ({
  '200': { description: 'OK', content: { 'application/json': { schema } } },
});

// Issue 30 point 3: "Operations can be imported from an OpenAPI 3 description".
describe('importOpenApi (issue 30 point 3)', () => {
  it('never fetches a $ref outside the document (issue 29 §1: no host the admin did not save)', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits += 1;
      response.setHeader('content-type', 'application/json');
      response.end('{"type":"object","properties":{"secret":{"type":"string"}}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const document = {
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: {
          '/a': {
            get: { operationId: 'a', responses: answering({ $ref: `http://127.0.0.1:${port}/s.json` }) },
          },
        },
      };
      const operations = await importOpenApi(JSON.stringify(document)).catch(() => []);
      expect(JSON.stringify(operations)).not.toContain('secret');
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('reads YAML, names operations without an operationId by method and path, and a list answer as items', async () => {
    const yaml = [
      'openapi: 3.1.0',
      'info: { title: x, version: "1" }',
      'paths:',
      '  /orders/{order-id}/lines:',
      '    get:',
      '      parameters:',
      '        - { name: order-id, in: path, required: true, schema: { type: string, format: uuid } }',
      '      responses:',
      '        "200":',
      '          description: OK',
      '          content:',
      '            application/json:',
      '              schema: { type: array, items: { type: object } }',
    ].join('\n');
    expect(await importOpenApi(yaml)).toEqual([
      {
        Name: 'get_orders_order_id_lines',
        Method: 'GET',
        Path: '/orders/{order-id}/lines',
        Inputs: [{ Name: 'order_id', Key: 'order-id', Type: 'Guid', In: 'path', IsRequired: true }],
        Headers: [],
        Outputs: [{ Name: 'items', Type: 'Array', Path: '$' }],
        RetryUnsafe: false,
      },
    ]);
  });

  it.each([
    ['an operationId as it is (issue 30 §3)', 'getOrder', 'getOrder'],
    [
      'other characters become underscores (http-operation.schema.json Name)',
      'orders.get-one',
      'orders_get_one',
    ],
    ['a leading digit gets an underscore (http-operation.schema.json Name)', '2fa', '_2fa'],
    ['nothing usable is "operation" (http-operation.schema.json Name)', '--', 'operation'],
  ])('cleanOperationName: %s', (_label, text, expected) => {
    expect(cleanOperationName(text)).toBe(expected);
  });
});
