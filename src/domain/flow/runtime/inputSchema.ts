import { INT32_MAX, INT32_MIN } from '../../rules/typeFormats';
import { type FlowFieldType, flowType, leafOf, parentOf } from '../fieldTypes';
import type { FlowField } from '../types';

/**
 * The JSON Schema (2020-12) of a flow's input, made from its start block's fields (spec part 2 §3
 * 'Block' start: input fields with name, type, validation, default, nested elements; §5 'Type formats').
 * The server validates each call with it through the shared Ajv (src/validation/createAjv.ts), and the
 * Flow Builder's test run renders the same schema as its form, so both ask for the same input.
 *
 * Nested fields are flat with dotted names (spec part 2 §3 'Field definition'): an Object's children
 * become its properties; an Array's one Object child is the shape of its items. A field with a default
 * is never required of the caller: the default fills it (src/domain/flow/runtime/defaults.ts).
 */
export type JsonSchema = Record<string, unknown>;

const GUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const DATE_TIME = String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$`;

/** Each plain type's schema, with the catalogue key its type and format failures answer. */
const plainSchemas: Record<Exclude<FlowFieldType, 'Object' | 'Array'>, JsonSchema> = {
  String: { type: 'string', 'x-messages': { type: 'enterValue', maxLength: 'flow.input.tooLong' } },
  Text: { type: 'string', 'x-messages': { type: 'enterValue' } },
  Number: {
    type: 'integer',
    minimum: INT32_MIN,
    maximum: INT32_MAX,
    'x-messages': { type: 'typeError.number', minimum: 'typeError.number', maximum: 'typeError.number' },
  },
  Longnumber: {
    type: 'integer',
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
    'x-messages': {
      type: 'typeError.longnumber',
      minimum: 'typeError.longnumber',
      maximum: 'typeError.longnumber',
    },
  },
  // Digits (16 before the point, 2 after) are checked with typeFormats.ts after the schema.
  Decimal: { type: 'number', 'x-messages': { type: 'typeError.decimal' } },
  Boolean: { type: 'boolean', 'x-messages': { type: 'typeError.boolean' } },
  DateOnly: {
    type: 'string',
    format: 'date',
    'x-messages': { type: 'typeError.date', format: 'typeError.date' },
  },
  DateTime: {
    type: 'string',
    pattern: DATE_TIME,
    'x-messages': { type: 'typeError.dateTime', pattern: 'typeError.dateTime' },
  },
  Guid: {
    type: 'string',
    pattern: GUID,
    'x-messages': { type: 'typeError.guid', pattern: 'typeError.guid' },
  },
};

/**
 * A plain (not Object or Array) flow field type's schema: the one mapping from field type to JSON Schema,
 * used to check a call's input here and to describe inputs and answers in a REST API's OpenAPI document
 * (src/domain/openapi/describeRestApi.ts). An unknown type reads as String. A new object each call.
 */
export function plainFieldSchema(type: string | null | undefined): JsonSchema {
  const known = flowType(type);
  const plain = known && known !== 'Object' && known !== 'Array' ? plainSchemas[known] : plainSchemas.String;
  return { ...plain };
}

export interface Node {
  field: FlowField;
  children: Node[];
}

/** The fields as a tree by their dotted names; a field whose parent is missing stays at the top. */
export function fieldTree(fields: readonly FlowField[]): Node[] {
  const nodes = new Map(fields.map((field) => [field.Name.toLowerCase(), { field, children: [] } as Node]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(parentOf(node.field.Name).toLowerCase());
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const hasDefault = (field: FlowField) => Boolean(field.Default?.Type);
const required = (field: FlowField) => field.Validation?.IsRequired === true && !hasDefault(field);

function objectSchema(children: readonly Node[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(children.map((child) => [leafOf(child.field.Name), nodeSchema(child)])),
    required: children.filter((child) => required(child.field)).map((child) => leafOf(child.field.Name)),
    'x-messages': { type: 'enterValue', required: 'flow.input.required' },
  };
}

// A missing property's error is named by the property's own x-messages (src/validation/fieldErrors.ts).
function nodeSchema(node: Node): JsonSchema {
  const schema = typedSchema(node);
  schema['x-messages'] = { ...(schema['x-messages'] as object), required: 'flow.input.required' };
  return schema;
}

function typedSchema(node: Node): JsonSchema {
  const { field } = node;
  const type = flowType(field.Type);
  const described = {
    title: leafOf(field.Name),
    ...(field.Description ? { description: field.Description } : {}),
  };
  if (type === 'Object') return { ...described, ...objectSchema(node.children) };
  if (type === 'Array') {
    const element = node.children[0];
    return {
      ...described,
      type: 'array',
      items: element ? objectSchema(element.children) : {},
      'x-messages': { type: 'enterValue' },
    };
  }
  const plain: JsonSchema = { ...plainFieldSchema(type), ...described };
  const max = field.Validation?.MaxLength;
  if (type === 'String' && typeof max === 'number') plain.maxLength = max;
  if ((type === 'String' || type === 'Text') && field.Validation?.Expression)
    plain.pattern = field.Validation.Expression;
  // Optional fields may be sent as null, as the console's forms send an emptied input.
  if (!required(field)) plain.type = [plain.type as string, 'null'];
  return plain;
}

/** The schema of a flow's input: an object of the start fields. */
export function inputSchema(fields: readonly FlowField[]): JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...objectSchema(fieldTree(fields)) };
}

/**
 * The top-level start fields by lower-case name, made once per list: a flow's plan keeps its list, and
 * building the tree on every GET call was a share of the call (issue 30's bench). A list is not changed
 * once given here.
 */
const fieldsByName = new WeakMap<readonly FlowField[], ReadonlyMap<string, FlowField>>();

function topFieldsByName(fields: readonly FlowField[]): ReadonlyMap<string, FlowField> {
  let byName = fieldsByName.get(fields);
  if (!byName) {
    byName = new Map(
      fieldTree(fields).map((node) => [leafOf(node.field.Name).toLowerCase(), node.field] as const),
    );
    fieldsByName.set(fields, byName);
  }
  return byName;
}

/**
 * A GET call's query parameters as the input (spec part 2 §1: GET flows take query parameters): each
 * top-level plain field's text turned into its type where it reads as one (numbers, booleans), so the
 * schema judges the value and not its transport. A repeated parameter keeps its first value; nested
 * fields take JSON text (`?address={"city":"Oslo"}`).
 */
export function queryInput(
  fields: readonly FlowField[],
  query: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const byName = topFieldsByName(fields);
  for (const [name, raw] of Object.entries(query)) {
    const text = Array.isArray(raw) ? raw[0] : raw;
    if (text === undefined) continue;
    const field = byName.get(name.toLowerCase());
    if (!field) {
      input[name] = text;
      continue;
    }
    input[leafOf(field.Name)] = fromText(flowType(field.Type), text);
  }
  return input;
}

function fromText(type: FlowFieldType | undefined, text: string): unknown {
  switch (type) {
    case 'Number':
    case 'Longnumber':
    case 'Decimal':
      return text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    case 'Boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'Object':
    case 'Array':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}
