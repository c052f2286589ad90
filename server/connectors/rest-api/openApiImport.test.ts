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

  const outputsFor = async (schema: unknown, components: unknown = {}) => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { operationId: 'a', responses: answering(schema) } } },
      components,
    };
    return (await importOpenApi(JSON.stringify(document)))[0]!.Outputs;
  };
  const address = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      geo: { type: 'object', properties: { lat: { type: 'number' } } },
    },
  };

  // Issue 30 point 3: "output fields read from the JSON answer by path" — "each operation becomes a
  // connector method whose inputs and outputs come from its schemas".
  it.each([
    [
      'top-level properties, by their names',
      { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, total: { type: 'integer' } } },
      {},
      [
        { Name: 'id', Type: 'Guid', Path: 'id' },
        { Name: 'total', Type: 'Number', Path: 'total' },
      ],
    ],
    [
      'a nested object’s properties as outputs of their own, by dotted path',
      { type: 'object', properties: { data: { type: 'object', properties: { name: { type: 'string' } } } } },
      {},
      [{ Name: 'data_name', Type: 'String', Path: 'data.name' }],
    ],
    [
      'below three levels an object stays one Object output',
      { type: 'object', properties: { customer: { type: 'object', properties: { address } } } },
      {},
      [
        { Name: 'customer_address_city', Type: 'String', Path: 'customer.address.city' },
        { Name: 'customer_address_geo', Type: 'Object', Path: 'customer.address.geo' },
      ],
    ],
    [
      'allOf parts merged, through $ref (OpenAPI 3 composition)',
      {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', properties: { name: { type: 'string' } } },
        ],
      },
      { schemas: { Base: { type: 'object', properties: { id: { type: 'integer', format: 'int64' } } } } },
      [
        { Name: 'id', Type: 'Longnumber', Path: 'id' },
        { Name: 'name', Type: 'String', Path: 'name' },
      ],
    ],
    [
      'a list answer is one Array output',
      { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      {},
      [{ Name: 'items', Type: 'Array', Path: '$' }],
    ],
    [
      'a key no path can name (a dot) is left out',
      { type: 'object', properties: { 'a.b': { type: 'string' }, c: { type: 'string' } } },
      {},
      [{ Name: 'c', Type: 'String', Path: 'c' }],
    ],
    [
      'names made unique where flattening meets a key of the same name',
      {
        type: 'object',
        properties: {
          a_b: { type: 'string' },
          a: { type: 'object', properties: { b: { type: 'boolean' } } },
        },
      },
      {},
      [
        { Name: 'a_b', Type: 'String', Path: 'a_b' },
        { Name: 'a_b_2', Type: 'Boolean', Path: 'a.b' },
      ],
    ],
  ])('outputs: %s', async (_label, schema, components, expected) => {
    expect(await outputsFor(schema, components)).toEqual(expected);
  });

  it('a body of allOf parts: each property an input (issue 30 point 3)', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          post: {
            operationId: 'a',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } },
                      { type: 'object', properties: { address } },
                    ],
                  },
                },
              },
            },
            responses: answering({ type: 'object', properties: { id: { type: 'string' } } }),
          },
        },
      },
    };
    expect((await importOpenApi(JSON.stringify(document)))[0]!.Inputs).toEqual([
      { Name: 'sku', Type: 'String', In: 'body', IsRequired: true },
      { Name: 'address', Type: 'Object', In: 'body' },
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
