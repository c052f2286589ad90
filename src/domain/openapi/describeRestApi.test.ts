import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countingGuids, flowOf } from '../../../tests/support/flowBuilders';
import { flowFieldTypes } from '../flow/fieldTypes';
import { insertBlock, newFlowGraph, updateBlock } from '../flow/graph';
import { inputSchema } from '../flow/runtime/inputSchema';
import type { BlockConfig, FlowField, FlowGraph, HttpMethod } from '../flow/types';
import { type DescribedFlow, describeRestApi, flowEnds, withoutExtensions } from './describeRestApi';

const graphOf = (built: ReturnType<typeof flowOf>) => built.flow.Flow as FlowGraph;
const api = { Name: 'orders_api', ApiAuthentication: 'ApiToken' };
const valid = (document: unknown) => SwaggerParser.validate(structuredClone(document) as never);

/** A flow START(fields) → [CHECK → ERROR code] → RESULT(config, output) → CLOSE. */
function flowWith(options: {
  method: HttpMethod;
  fields: FlowField[];
  result: { config: BlockConfig; output: FlowField[] };
  errorCodes: string[];
}): DescribedFlow {
  const newGuid = countingGuids('f');
  let graph = newFlowGraph({ isScript: false, newGuid });
  const start = graph.StartBlock!;
  const result = graph.ResultBlock!;
  graph = updateBlock(graph, start, (block) => ({ ...block, Config: { Fields: options.fields } }));
  for (const code of options.errorCodes) {
    const from = graph.Blocks!.find((block) => block.Guid === result)!.In![0]!;
    const check = insertBlock(graph, { from, to: result, exit: 'Out' }, 'check', { newGuid });
    graph = check.graph;
    const error = graph.Blocks!.find((block) => block.Guid === check.guid)!.False![0]!;
    graph = updateBlock(graph, error, (block) => ({
      ...block,
      Config: { ErrorCode: code, ErrorMessage: code },
    }));
  }
  graph = updateBlock(graph, result, (block) => ({
    ...block,
    Config: { ...block.Config, ...options.result.config },
    Output: options.result.output,
  }));
  return { name: 'fuzz/flow', method: options.method, version: 1, graph };
}

const plainTypes = flowFieldTypes.filter((type) => type !== 'Object' && type !== 'Array');

/** START fields, nested up to two levels: plain types with their validation, objects, arrays of objects. */
const fieldsArbitrary: fc.Arbitrary<FlowField[]> = fc
  .array(
    fc.record({
      type: fc.constantFrom(...flowFieldTypes),
      required: fc.boolean(),
      maxLength: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
      described: fc.boolean(),
      children: fc.array(
        fc.record({
          type: fc.constantFrom(...plainTypes, 'Object' as const),
          required: fc.boolean(),
          grandchildren: fc.array(fc.constantFrom(...plainTypes), { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 6 },
  )
  .map((drawn) =>
    drawn.flatMap((field, index): FlowField[] => {
      const name = `field${index}`;
      const top: FlowField = {
        Name: name,
        Type: field.type,
        Validation: {
          IsRequired: field.required,
          ...(field.maxLength ? { MaxLength: field.maxLength } : {}),
        },
        ...(field.described ? { Description: `What ${name} is.` } : {}),
      };
      const childrenOf = (parent: string, children: typeof field.children): FlowField[] =>
        children.flatMap((child, at) => {
          const childName = `${parent}.part${at}`;
          return [
            { Name: childName, Type: child.type, Validation: { IsRequired: child.required } },
            ...(child.type === 'Object'
              ? child.grandchildren.map((type, deep) => ({ Name: `${childName}.leaf${deep}`, Type: type }))
              : []),
          ];
        });
      if (field.type === 'Object') return [top, ...childrenOf(name, field.children)];
      // An Array's one Object child is the shape of its items (spec part 2 §3 'Field definition').
      if (field.type === 'Array')
        return [top, { Name: `${name}.item`, Type: 'Object' }, ...childrenOf(`${name}.item`, field.children)];
      return [top];
    }),
  );

const shapeArbitrary = fieldsArbitrary.chain((fields) => {
  const top = fields.filter((field) => !field.Name.includes('.'));
  return fc.record({
    method: fc.constantFrom<HttpMethod>('GET', 'POST', 'PUT', 'DELETE'),
    fields: fc.constant(fields),
    result: fc.record({
      config: fc.record({ IsArray: fc.boolean(), IgnoreNulls: fc.boolean(), FullOutput: fc.boolean() }),
      output: fc.subarray(top).chain((chosen) =>
        fc
          .tuple(...chosen.map(() => fc.option(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/))))
          .map((aliases) =>
            chosen.map((field, index) => ({
              Name: field.Name,
              Type: field.Type,
              Alias: aliases[index] ?? `out_${field.Name}`,
            })),
          ),
      ),
    }),
    errorCodes: fc.uniqueArray(fc.stringMatching(/^[A-Z][A-Z_]{0,12}$/), { maxLength: 3 }),
  });
});

describe('describeRestApi (issue 31 point 1)', () => {
  it('is valid OpenAPI 3.1 for fuzzed START and RESULT shapes, with the input schema the runtime checks', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArbitrary, async (shape) => {
        const flow = flowWith(shape);
        const document = describeRestApi(api, [flow]);
        await valid(document);
        const operation = document.paths['/fuzz/flow']![shape.method.toLowerCase()]!;
        // One mapping: the body is the runtime's own input schema without the catalogue extensions.
        const input = withoutExtensions(inputSchema(shape.fields));
        if (shape.method === 'GET')
          expect(operation.parameters?.map((parameter) => parameter.name)).toEqual(
            Object.keys(input.properties as object),
          );
        else expect(operation.requestBody?.content['application/json'].schema).toEqual(input);
        const codes = [...shape.errorCodes].sort();
        const failure = operation.responses['422']?.content?.['application/json'].schema as
          | { allOf: Array<{ properties?: { ErrorCode?: { enum: string[] } } }> }
          | undefined;
        expect(failure?.allOf[1]?.properties?.ErrorCode?.enum).toEqual(codes.length > 0 ? codes : undefined);
        const answer = operation.responses['200']?.content?.['application/json'].schema as Record<
          string,
          unknown
        >;
        const object = (shape.result.config.IsArray ? answer.items : answer) as { properties: object };
        if (!shape.result.config.FullOutput)
          expect(Object.keys(object.properties).sort()).toEqual(
            shape.result.output.map((field) => field.Alias).sort(),
          );
      }),
      { numRuns: 40 },
    );
    // Each validation reads the OpenAPI 3.1 meta-schema: slow in jsdom, so the runs get time.
  }, 60_000);

  // spec part 2 §3 'Block' result: is_array, ignore_nulls, full_output, output aliases.
  it.each<[string, BlockConfig, Record<string, unknown>]>([
    [
      'an object of the aliases, each present and possibly null (part 2 §3 "Block" result)',
      {},
      { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'] },
    ],
    [
      'ignore nulls: only fields with a value, none null (part 2 §3 "Block" result: ignore_nulls)',
      { IgnoreNulls: true },
      { type: 'object', properties: { total: { type: 'number' } }, required: [] },
    ],
    [
      'is array: a list of the objects (part 2 §3 "Block" result: is_array)',
      { IsArray: true },
      {
        type: 'array',
        items: { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'] },
      },
    ],
  ])('the 200 answer: %s', (_, config, expected) => {
    const built = flowOf([], {
      method: 'POST',
      startFields: [{ Name: 'amount', Type: 'Decimal' }],
      result: { config, output: [{ Name: 'amount', Alias: 'total', Type: 'Decimal' }] },
    });
    const document = describeRestApi(api, [{ name: 'a', method: 'POST', version: 1, graph: graphOf(built) }]);
    expect(document.paths['/a']!.post!.responses['200']!.content!['application/json'].schema).toEqual(
      expected,
    );
  });

  it.each<[string, 'error' | 'close', { empty: boolean; errorCodes: string[] }]>([
    [
      'a check whose false exit errors answers 422 ERROR (part 2 §3 "Block" error)',
      'error',
      { empty: false, errorCodes: ['ERROR'] },
    ],
    [
      'a check whose false exit closes answers 204 there (part 2 §4 "Block kinds": close)',
      'close',
      { empty: true, errorCodes: [] },
    ],
  ])('how paths end: %s', (_, falseExit, expected) => {
    const built = flowOf([], { result: { output: [] } });
    const graph = graphOf(built);
    const inserted = insertBlock(graph, { from: built.start, to: built.result, exit: 'Out' }, 'check', {
      falseExit,
      newGuid: countingGuids('x'),
    });
    const ends = flowEnds(inserted.graph);
    expect({ empty: ends.empty, errorCodes: ends.errorCodes, results: ends.results.length }).toEqual({
      ...expected,
      results: 1,
    });
  });

  it('a script flow answers 501: it needs the .NET Script Service (issue 17; part 2 §3 "Flow": is_script)', async () => {
    const built = flowOf([], { method: 'POST' });
    const document = describeRestApi(api, [
      { name: 's', method: 'POST', version: 1, graph: graphOf(built), isScript: true },
    ]);
    const operation = document.paths['/s']!.post!;
    expect(operation.requestBody).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual([
      '400',
      '401',
      '403',
      '404',
      '413',
      '429',
      '501',
      '504',
    ]);
    await valid(document);
  });

  it.each<[string, string, Record<string, unknown> | undefined]>([
    [
      'ApiToken: a bearer token (part 1 §3 "REST API")',
      'ApiToken',
      { apiToken: expect.objectContaining({ scheme: 'bearer' }) },
    ],
    [
      'Basic: username and token (part 1 §3 "API user")',
      'Basic',
      { basic: expect.objectContaining({ scheme: 'basic' }) },
    ],
    ['None: public, no scheme (part 1 §3 "REST API")', 'None', undefined],
  ])('the security scheme from ApiAuthentication: %s', async (_, auth, expected) => {
    const document = describeRestApi({ Name: 'x', ApiAuthentication: auth }, []);
    expect(document.components.securitySchemes).toEqual(expected);
    await valid(document);
  });
});
