import errorSchema from '../../../schemas/common/error.schema.json' with { type: 'json' };
import { leafOf, parentOf } from '../flow/fieldTypes';
import { blockIndex, walkFlow } from '../flow/graph';
import { inputSchema, type JsonSchema, plainFieldSchema } from '../flow/runtime/inputSchema';
import type { FlowBlock, FlowField, FlowGraph, HttpMethod } from '../flow/types';

/**
 * A REST API's OpenAPI 3.1 description (issue 31 point 1), made from its active published flows: one
 * operation per flow at its path and method; its input from the START fields as the runtime checks them
 * (the schema of src/domain/flow/runtime/inputSchema.ts, without the catalogue extensions); its 200
 * answer from the RESULT block as src/domain/flow/runtime/result.ts shapes it, 204 where a path ends
 * without one; 422 with the codes of its ERROR blocks; the other refusals of server/runtime/serve.ts in
 * the UIServices error shape (spec part 1 §8 'API errors'); who may call from ApiAuthentication (spec
 * part 1 §3 'REST API').
 *
 * Pure: the server answers it at /rest/<REST API name>/openapi.json and the console's API reference
 * reads the same document.
 */
export interface DescribedApi {
  Name: string;
  Description?: string | null | undefined;
  ApiAuthentication?: string | null | undefined;
}

export interface DescribedFlow {
  name: string;
  method: HttpMethod;
  description?: string | null | undefined;
  /** The published version's number. */
  version: number;
  graph: FlowGraph;
  /** A script flow runs its C# on the .NET Script Service, which this server does not host: it answers 501. */
  isScript?: boolean | undefined;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes?: Record<string, JsonSchema>;
  };
  security?: Array<Record<string, string[]>>;
};

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, Response>;
}

export interface Parameter {
  name: string;
  in: 'query';
  required: boolean;
  description?: string;
  schema?: JsonSchema;
  content?: { 'application/json': { schema: JsonSchema } };
}

export interface Response {
  description: string;
  content?: { 'application/json': { schema: JsonSchema } };
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** The security scheme's name in the document for each ApiAuthentication (none for None). */
export const SECURITY_SCHEMES: Readonly<Record<string, { name: string; scheme: JsonSchema }>> = {
  ApiToken: {
    name: 'apiToken',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API user’s token: `Authorization: Bearer <token>`.',
    },
  },
  Basic: {
    name: 'basic',
    scheme: {
      type: 'http',
      scheme: 'basic',
      description: 'The API user’s username and its token as the password.',
    },
  },
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The UIServices error shape, taken from its schema (schemas/common/error.schema.json). */
function errorShape(): JsonSchema {
  const { Message, MessageKey, Errors } = errorSchema.properties;
  return {
    title: errorSchema.title,
    description: errorSchema.description,
    type: 'object',
    required: ['Message'],
    properties: { Message, MessageKey, Errors },
  };
}

/** A schema without the catalogue extensions (x-messages): what a caller needs is the constraints. */
export function withoutExtensions(schema: unknown): JsonSchema {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('x-') && key !== '$schema')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(schema) as JsonSchema;
}

const startOf = (graph: FlowGraph): FlowBlock | undefined => {
  const index = blockIndex(graph);
  return (
    (graph.StartBlock ? index.get(graph.StartBlock) : undefined) ??
    (graph.Blocks ?? []).find((block) => block.Type === 'start')
  );
};

/** How the flow's paths end: answered by a RESULT, without one (204), or by ERROR blocks with their codes. */
export function flowEnds(graph: FlowGraph): { results: FlowBlock[]; empty: boolean; errorCodes: string[] } {
  const index = blockIndex(graph);
  const start = startOf(graph);
  const results = new Map<string, FlowBlock>();
  const codes = new Set<string>();
  let empty = false;
  if (!start) return { results: [], empty: true, errorCodes: [] };
  // Each block once with and once without an answer before it: a loop cannot run forever.
  const seen = new Set<string>();
  const stack: Array<[FlowBlock, boolean]> = [[start, false]];
  while (stack.length > 0) {
    const [block, answeredBefore] = stack.pop()!;
    const key = `${block.Guid} ${answeredBefore}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (block.Type === 'error') {
      // As the runtime does (server/runtime/executors.ts): a block without a code answers ERROR.
      codes.add(block.Config?.ErrorCode || 'ERROR');
      continue;
    }
    const answered = answeredBefore || block.Type === 'result';
    if (block.Type === 'result') results.set(block.Guid, block);
    const next = [...(block.Out ?? []), ...(block.False ?? [])]
      .map((guid) => index.get(guid))
      .filter((found): found is FlowBlock => found !== undefined);
    if (block.Type === 'close' || next.length === 0) {
      if (!answered) empty = true;
      continue;
    }
    for (const following of next) stack.push([following, answered]);
  }
  return { results: [...results.values()], empty, errorCodes: [...codes].sort() };
}

/** An answered field's schema: its type's, nullable unless nulls are left out; Object and Array from the fields below it. */
function answerField(field: FlowField, below: readonly FlowField[], nullable: boolean): JsonSchema {
  const type = (field.Type ?? '').toLowerCase();
  const children = below.filter((child) => parentOf(child.Name).toLowerCase() === field.Name.toLowerCase());
  let schema: JsonSchema;
  if (type === 'object') schema = answerObject(children, below, false);
  else if (type === 'array') {
    const element = children[0];
    const elementFields = element
      ? below.filter((child) => parentOf(child.Name).toLowerCase() === element.Name.toLowerCase())
      : [];
    schema = { type: 'array', items: element ? answerObject(elementFields, below, false) : {} };
  } else schema = withoutExtensions(plainFieldSchema(field.Type));
  if (field.Description) schema.description = field.Description;
  if (nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  return schema;
}

/** Nested values are answered as the caller or the flow set them: their fields are described, not promised. */
function answerObject(
  fields: readonly FlowField[],
  below: readonly FlowField[],
  ignoreNulls: boolean,
): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [leafOf(field.Name), answerField(field, below, !ignoreNulls)]),
    ),
  };
}

/**
 * The RESULT block's answer (src/domain/flow/runtime/result.ts): its output fields under their aliases,
 * or every flow field visible at it for full output; every field present and possibly null, or only
 * those with a value when nulls are ignored; a list when it is an array.
 */
export function resultSchema(block: FlowBlock, visible: readonly FlowField[]): JsonSchema {
  const ignoreNulls = block.Config?.IgnoreNulls === true;
  const byName = new Map(visible.map((field) => [field.Name.toLowerCase(), field]));
  const answered: Array<[string, FlowField]> =
    block.Config?.FullOutput === true
      ? visible.filter((field) => !field.Name.includes('.')).map((field) => [field.Name, field])
      : (block.Output ?? []).map((field) => [
          field.Alias || field.Name,
          { ...field, Type: byName.get(field.Name.toLowerCase())?.Type ?? field.Type },
        ]);
  const properties = Object.fromEntries(
    answered.map(([key, field]) => [key, answerField(field, visible, !ignoreNulls)]),
  );
  const object: JsonSchema = {
    type: 'object',
    properties,
    required: ignoreNulls ? [] : Object.keys(properties),
  };
  return block.Config?.IsArray === true ? { type: 'array', items: object } : object;
}

/** The flow fields visible at each RESULT block (those of the blocks upstream of it). */
function visibleAtResults(graph: FlowGraph): Map<string, FlowField[]> {
  const visible = new Map<string, FlowField[]>();
  walkFlow(graph, (block, scope) => {
    if (block.Type === 'result') visible.set(block.Guid, scope.fields());
    return undefined;
  });
  return visible;
}

const operationId = (method: string, name: string) =>
  `${method.toLowerCase()}_${name.replace(/[^A-Za-z0-9_]+/g, '_')}`;

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const refusal = (description: string): Response => ({ description, content: json(ERROR_REF) });

/** The refusals every flow call may answer (server/runtime/serve.ts), by status. */
function refusals(method: HttpMethod, secured: boolean): Record<string, Response> {
  return {
    '400': refusal('The input is not valid: `Errors` names each field and why (flow.input.invalid).'),
    ...(secured
      ? {
          '401': refusal('No valid credentials of an active API user.'),
          '403': refusal('The API user is not one this REST API lets in.'),
        }
      : {}),
    '404': refusal('No active published flow answers this path and method.'),
    ...(method === 'GET' ? {} : { '413': refusal('The body is larger than the server accepts.') }),
    '429': {
      ...refusal('Too many calls in this minute: wait the seconds in Retry-After.'),
      headers: {
        'Retry-After': { description: 'Seconds until calls are taken again.', schema: { type: 'integer' } },
      },
    },
    '504': refusal('The flow did not end within the server’s time limit.'),
  };
}

function describeFlow(flow: DescribedFlow, secured: boolean): Operation {
  if (flow.isScript)
    return {
      operationId: operationId(flow.method, flow.name),
      summary: `${flow.method} ${flow.name}`,
      ...(flow.description ? { description: flow.description } : {}),
      responses: {
        '501': refusal('A script flow: it runs on the .NET Script Service, which this server does not host.'),
        ...refusals(flow.method, secured),
      },
    };
  const start = startOf(flow.graph);
  const fields = start?.Config?.Fields ?? [];
  const input = withoutExtensions(inputSchema(fields));
  const ends = flowEnds(flow.graph);
  const visible = visibleAtResults(flow.graph);
  const operation: Operation = {
    operationId: operationId(flow.method, flow.name),
    summary: `${flow.method} ${flow.name}`,
    ...(flow.description ? { description: flow.description } : {}),
    responses: {},
  };
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  if (flow.method === 'GET') {
    // GET flows take query parameters (spec part 2 §1); nested fields as JSON text (inputSchema.ts queryInput).
    operation.parameters = Object.entries(properties).map(([name, schema]) => {
      const nested = schema.type === 'object' || schema.type === 'array';
      return {
        name,
        in: 'query',
        required: required.has(name),
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        ...(nested ? { content: json(schema) } : { schema }),
      };
    });
  } else operation.requestBody = { required: required.size > 0, content: json(input) };

  const answers = ends.results.map((block) => resultSchema(block, visible.get(block.Guid) ?? []));
  if (answers.length > 0)
    operation.responses['200'] = {
      description: 'What the RESULT block answers.',
      content: json(answers.length === 1 ? answers[0]! : { oneOf: answers }),
    };
  if (ends.empty || answers.length === 0)
    operation.responses['204'] = { description: 'The flow ended without a RESULT block: no content.' };
  if (ends.errorCodes.length > 0)
    operation.responses['422'] = {
      description: 'An ERROR block of the flow refused the call: its code is in `ErrorCode`.',
      content: json({
        allOf: [
          ERROR_REF,
          {
            type: 'object',
            required: ['ErrorCode'],
            properties: {
              MessageKey: { const: 'flow.error' },
              ErrorCode: { type: 'string', enum: ends.errorCodes },
            },
          },
        ],
      }),
    };
  Object.assign(operation.responses, refusals(flow.method, secured));
  // Responses last, so the document reads input first, as a reader looks for it.
  const { responses, ...rest } = operation;
  return { ...rest, responses };
}

/** The document of one REST API and its active published flows (sorted, so the same flows make the same text). */
export function describeRestApi(api: DescribedApi, flows: readonly DescribedFlow[]): OpenApiDocument {
  // Any authentication but Basic and None reads a bearer token (server/runtime/serve.ts authenticate).
  const auth = SECURITY_SCHEMES[api.ApiAuthentication ?? ''] ?? SECURITY_SCHEMES.ApiToken;
  const secured = api.ApiAuthentication !== 'None';
  const paths: OpenApiDocument['paths'] = {};
  const sorted = [...flows].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.method.localeCompare(b.method, 'en'),
  );
  for (const flow of sorted) {
    const path = `/${flow.name}`;
    paths[path] = { ...paths[path], [flow.method.toLowerCase()]: describeFlow(flow, secured) };
  }
  const version =
    sorted.length > 0 ? sorted.map((flow) => `${flow.name}@${flow.version}`).join(', ') : 'no flows';
  return {
    openapi: '3.1.0',
    info: {
      title: api.Name,
      // What answers is the set of published versions: each flow's name with its version.
      version,
      ...(api.Description ? { description: api.Description } : {}),
    },
    servers: [{ url: `/rest/${encodeURIComponent(api.Name)}` }],
    paths,
    components: {
      schemas: { Error: errorShape() },
      ...(secured && auth ? { securitySchemes: { [auth.name]: auth.scheme } } : {}),
    },
    ...(secured && auth ? { security: [{ [auth.name]: [] }] } : {}),
  };
}
