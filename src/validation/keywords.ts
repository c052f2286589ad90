import { _, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { type Code, type Name, stringify } from 'ajv/dist/compile/codegen';
import { _Code } from 'ajv/dist/compile/codegen/code';
import { plainItemMetaSchema } from '../domain/plainItems';
import * as runtime from './runtime';

/**
 * Custom keywords of the shared Ajv: the rules plain JSON Schema cannot say, each with the catalogue key
 * its error shows (`message`). They generate code that calls src/validation/runtime.ts, so they work both
 * compiled at run time (server) and precompiled into generated/validators (browser).
 */
export const RUNTIME_MODULE = 'uiservices-runtime';

type Helper =
  | 'duplicates'
  | 'takenByPeer'
  | 'optionNotAllowed'
  | 'misnamedChildren'
  | 'notClean'
  | 'nameRuleBroken'
  | 'notJson'
  | 'holdsBidiControl';

const helpers: Record<Helper, (...args: never[]) => unknown> = {
  duplicates: runtime.duplicates,
  takenByPeer: runtime.takenByPeer,
  optionNotAllowed: runtime.optionNotAllowed,
  misnamedChildren: runtime.misnamedChildren,
  notClean: runtime.notClean,
  nameRuleBroken: runtime.nameRuleBroken,
  notJson: runtime.notJson,
  holdsBidiControl: runtime.holdsBidiControl,
};

function helper(cxt: KeywordCxt, name: Helper): Name {
  return cxt.gen.scopeValue('func', {
    ref: helpers[name],
    code: new _Code(`require("${RUNTIME_MODULE}").${name}`),
  });
}

const messageProperty = { message: { type: 'string' } } as const;

/**
 * Errors of a keyword carry its catalogue key (from the schema, or computed when the keyword sets
 * `messageKey`), and for per-item rules the item's path below the data.
 */
const keyedError: KeywordDefinition['error'] = {
  message: 'x-rule',
  params: ({ schema, params }) => {
    const { subPath, messageKey } = params as { subPath?: Code; messageKey?: Code };
    const key = messageKey ?? _`${(schema as { message?: string }).message ?? ''}`;
    return subPath ? _`{messageKey: ${key}, subPath: ${subPath}}` : _`{messageKey: ${key}}`;
  },
};

/** Reports one error per index in `indexes`, pointing at `<prefix>/<index><suffix>` below the data. */
function errorPerIndex(cxt: KeywordCxt, indexes: Name, prefix: string, suffix: string) {
  cxt.gen.forOf('i', indexes, (index) => {
    cxt.setParams({ subPath: _`${prefix} + "/" + ${index} + ${suffix}` });
    cxt.error();
  });
}

/** `x-messages`: keyword → catalogue key for this schema's plain JSON Schema errors; read by fieldErrors(). */
const messages: KeywordDefinition = {
  keyword: 'x-messages',
  schemaType: 'object',
  metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
};

/** `x-unique`: items of an array unique by a property, ignoring case (siblings' names, aliases). */
const unique: KeywordDefinition = {
  keyword: 'x-unique',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['message'],
    properties: { by: { type: 'string' }, ...messageProperty },
  },
  error: keyedError,
  code(cxt) {
    const { by = '' } = cxt.schema as { by?: string };
    const indexes = cxt.gen.const('duplicates', _`${helper(cxt, 'duplicates')}(${cxt.data}, ${by})`);
    errorPerIndex(cxt, indexes, '', by ? `/${by}` : '');
  },
};

/**
 * `x-unique-among`: a name unique, ignoring case, among peers the caller passes as context
 * (`validate.call({ peers: { connections: [...] } }, item)`), excluding the item itself by `id`.
 */
const uniqueAmong: KeywordDefinition = {
  keyword: 'x-unique-among',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['peers', 'id', 'message'],
    properties: { peers: { type: 'string' }, id: { type: 'string' }, ...messageProperty },
  },
  error: keyedError,
  code(cxt) {
    const { peers, id } = cxt.schema as { peers: string; id: string };
    cxt.fail(_`${helper(cxt, 'takenByPeer')}(this, ${peers}, ${cxt.it.parentData}, ${cxt.data}, ${id})`);
  },
};

/** `x-allowed-when`: an option may be set only when a sibling field (e.g. Type) has one of the listed values. */
const allowedWhen: KeywordDefinition = {
  keyword: 'x-allowed-when',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['field', 'in', 'message'],
    properties: {
      field: { type: 'string' },
      in: { type: 'array', items: { type: 'string' } },
      ...messageProperty,
    },
  },
  error: keyedError,
  code(cxt) {
    const schema = cxt.schema as { field: string; in: string[] };
    cxt.fail(
      _`${helper(cxt, 'optionNotAllowed')}(${cxt.data}, ${cxt.it.parentData}, ${schema.field}, ${stringify(schema.in)})`,
    );
  },
};

/** `x-child-names`: each child's name is the parent's dotted path plus one segment. */
const childNames: KeywordDefinition = {
  keyword: 'x-child-names',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['children', 'name', 'message'],
    properties: { children: { type: 'string' }, name: { type: 'string' }, ...messageProperty },
  },
  error: keyedError,
  code(cxt) {
    const schema = cxt.schema as { children: string; name: string };
    const indexes = cxt.gen.const(
      'misnamed',
      _`${helper(cxt, 'misnamedChildren')}(${cxt.data}, ${schema.children}, ${schema.name})`,
    );
    errorPerIndex(cxt, indexes, `/${schema.children}`, `/${schema.name}`);
  },
};

/** `x-clean`: a name holds only the characters its kind keeps (part 1 §5 'Name cleaning'). */
const clean: KeywordDefinition = {
  keyword: 'x-clean',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['kind', 'message'],
    properties: { kind: { enum: ['method', 'connection', 'script', 'flow', 'nested'] }, ...messageProperty },
  },
  error: keyedError,
  code(cxt) {
    cxt.fail(_`${helper(cxt, 'notClean')}(${(cxt.schema as { kind: string }).kind}, ${cxt.data})`);
  },
};

/** `x-json`: text that parses as JSON of the given type (a pasted configuration, spec part 2 §8). */
const json: KeywordDefinition = {
  keyword: 'x-json',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['type', 'message'],
    properties: { type: { enum: ['object', 'array', 'any'] }, ...messageProperty },
  },
  error: keyedError,
  code(cxt) {
    cxt.fail(_`${helper(cxt, 'notJson')}(${(cxt.schema as { type: string }).type}, ${cxt.data})`);
  },
};

/**
 * `x-plain`: text shows as what it is: no text-direction overrides or isolates, which make a name display
 * as another (issue 29 point 9; connection and other builder names already keep only plain characters).
 */
const plain: KeywordDefinition = {
  keyword: 'x-plain',
  type: 'string',
  schemaType: 'object',
  metaSchema: { type: 'object', required: ['message'], properties: messageProperty },
  error: keyedError,
  code(cxt) {
    cxt.fail(_`${helper(cxt, 'holdsBidiControl')}(${cxt.data})`);
  },
};

/**
 * `x-name`: a name is not empty, has at least 2 characters and, when `space` is given, no spaces; one
 * error with the first rule broken (spec part 1 §5 'Names in general': docNameEmpty, docNameIsShort, ...).
 */
const name: KeywordDefinition = {
  keyword: 'x-name',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['empty', 'short'],
    properties: { empty: { type: 'string' }, short: { type: 'string' }, space: { type: 'string' } },
    additionalProperties: false,
  },
  error: keyedError,
  code(cxt) {
    const broken = cxt.gen.const(
      'broken',
      _`${helper(cxt, 'nameRuleBroken')}(${cxt.data}, ${stringify(cxt.schema)})`,
    );
    cxt.setParams({ messageKey: broken });
    cxt.fail(broken);
  },
};

/**
 * `x-item`: the entity is a plain item kind (src/domain/plainItems.ts). It validates nothing; its shape
 * is checked when a schema carrying it is compiled, and codegen reads it.
 */
const item: KeywordDefinition = {
  keyword: 'x-item',
  schemaType: 'object',
  metaSchema: plainItemMetaSchema,
};

export const keywords: KeywordDefinition[] = [
  messages,
  item,
  name,
  unique,
  uniqueAmong,
  allowedWhen,
  childNames,
  clean,
  json,
  plain,
];
