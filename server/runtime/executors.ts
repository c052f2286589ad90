import { randomUUID } from 'node:crypto';
import type { Document, DocumentField } from '../../src/domain/documents/types';
import { leafOf } from '../../src/domain/flow/fieldTypes';
import { completeInput, type DefaultContext, systemValues } from '../../src/domain/flow/runtime/defaults';
import { groupsHold } from '../../src/domain/flow/runtime/evaluate';
import { fieldValue } from '../../src/domain/flow/runtime/fieldValue';
import { flowFunction } from '../../src/domain/flow/runtime/functions';
import { inputSchema } from '../../src/domain/flow/runtime/inputSchema';
import { shapeResult } from '../../src/domain/flow/runtime/result';
import { canonical } from '../../src/domain/flow/runtime/values';
import { DEFAULT_WRITE_METHOD, writeMethodOf, writeStep } from '../../src/domain/flow/runtime/writeMethod';
import type { BlockType, Exit, FlowBlock, FlowField, FlowMapping } from '../../src/domain/flow/types';
import { isEmptyValue } from '../../src/domain/records/recordRules';
import { valueFormatError } from '../../src/domain/rules/typeFormats';
import { t } from '../../src/messages/t';
import { ajvOnFirstUse } from '../../src/validation/createAjv';
import { type FieldError, fieldErrors } from '../../src/validation/fieldErrors';
import type { ServerKeys } from '../auth/keys';
import type { RuntimeConfig } from '../config';
import type { ConnectorMethod } from '../connectors';
import type { QueryOptions } from '../connectors/types';
import type { Db } from '../db/database';
import { findRecord, type RecordDb, saveRecord, selectExpression } from '../documents/records';
import { quoteIdent } from '../documents/recordTable';
import { HttpError } from '../http/errors';
import { addSecret, isSecretType } from './callData';
import { readCache } from './readCache';
import { NotRunnable, resolveSource, type Source } from './sources';
import { compileFilters, sqlTypeOf } from './sqlFilters';
import { type RunState, readVar, setVar, type Variable } from './state';

/**
 * One executor per block type (spec part 2 §3 'Block types', 'Config by type'; §5 'Flow blocks'). A block
 * is compiled once into a function of the call's state: everything it refers to is looked up and its SQL
 * text built here, so a call only binds parameters. The registry is keyed by the contract's block types
 * (`satisfies Record<BlockType, …>`): a new block type does not compile until it has an executor.
 */
export type Outcome = { exit: Exit } | { end: 'close' } | { end: 'error'; code: string; message: string };
export type Executor = (state: RunState) => Promise<Outcome> | Outcome;

export interface CompileEnv {
  db: Db;
  config: RuntimeConfig;
  /** The server's keys: a connector opens a connection's stored secrets with them (server/connectors/). */
  keys: ServerKeys;
  /**
   * Connector methods by lower-case guid and functions by guid, as FlowBuilder.GetExternalConnectors /
   * GetFunctions list them.
   */
  connectors: ReadonlyMap<string, ConnectorMethod>;
  functions: ReadonlyMap<string, { Name: string }>;
  /** Set by a compiler whose block writes: the plan then runs in a transaction. */
  writes: boolean;
  /** Set by one that writes the server's own database: it then takes part in two-phase commits. */
  writesOwn: boolean;
  /**
   * Names (lower case) whose values the executions log never keeps (server/runtime/callData.ts): each
   * compiler adds its Password-typed fields, the flow fields it maps into one and the aliases it gives one.
   */
  secrets: Set<string>;
}

/**
 * A block's secrets by the field types it compiles against (issue 32 point 3): a mapping into a Password
 * target makes its source flow field secret too (a password typed into a String start field is still a
 * password once a block sends it where one goes), and an output read from one makes its alias secret.
 */
function noteSecrets(
  env: CompileEnv,
  mapping: readonly FlowMapping[],
  targets: readonly { Name: string; Type?: string | null | undefined }[],
  outputs: readonly { name: string; alias: string; type: string | null | undefined }[],
) {
  const byName = new Map(targets.map((target) => [target.Name.toLowerCase(), target]));
  for (const entry of mapping) {
    if (!isSecretType(byName.get((entry.To ?? '').toLowerCase())?.Type)) continue;
    addSecret(env.secrets, entry.To);
    addSecret(env.secrets, entry.From);
  }
  for (const output of outputs)
    if (isSecretType(output.type)) {
      addSecret(env.secrets, output.name);
      addSecret(env.secrets, output.alias);
    }
}

type BlockCompiler = (block: FlowBlock, env: CompileEnv) => Promise<Executor> | Executor;

const OUT: Outcome = { exit: 'Out' };
/** A block's statement on another database: the same text every call, so kept prepared there. */
const REPEATED: QueryOptions = { repeated: true };
const FALSE: Outcome = { exit: 'False' };

const defaultContext = (state: RunState): DefaultContext => ({
  now: state.now,
  newGuid: state.newGuid,
  user: state.principal?.name ?? null,
});

const fieldMap = (state: RunState, mapping: readonly FlowMapping[]) =>
  Object.fromEntries(
    mapping.filter((entry) => entry.From).map((entry) => [entry.To, readVar(state, entry.From!)]),
  );

/** The values a block added, for the trace. */
const added = (vars: readonly Variable[]) =>
  Object.fromEntries(vars.map((entry) => [entry.name, entry.value]));

// ── start ─────────────────────────────────────────────────────────────────────────────────────────────
const ajv = ajvOnFirstUse();

/** The first error of each field path (an input gets one message per field). */
function onePerPath(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.path) && seen.add(error.path));
}

const start: BlockCompiler = (block, env) => {
  const fields: FlowField[] = block.Config?.Fields ?? [];
  for (const field of fields) if (isSecretType(field.Type)) addSecret(env.secrets, field.Name);
  const schema = inputSchema(fields);
  const validate = ajv().compile(schema);
  ajv().removeSchema(schema);
  const decimals = fields.filter((field) => field.Type === 'Decimal' && !field.Name.includes('.'));
  const topLevel = fields.filter((field) => !field.Name.includes('.'));
  return (state) => {
    const errors = validate(state.input) ? [] : fieldErrors(validate.errors, () => undefined);
    for (const field of decimals) {
      const value = state.input[field.Name];
      if (typeof value === 'number' && valueFormatError('Decimal', value))
        errors.push({
          path: `/${field.Name}`,
          messageKey: 'typeError.decimal',
          message: t('typeError.decimal'),
        });
    }
    if (errors.length > 0) {
      const unique = onePerPath(errors);
      throw new HttpError(400, 'flow.input.invalid', { count: unique.length }, { Errors: unique });
    }
    const input = completeInput(fields, state.input, defaultContext(state));
    // A field the call left out stays absent (undefined), not null: a write leaves its column alone
    // (issue 30 point 7); every other reader sees null (readVar).
    for (const field of topLevel) setVar(state, field.Name, input[leafOf(field.Name)]);
    if (state.tracing) state.note = { Input: state.input, Output: input };
    return OUT;
  };
};

// ── add ───────────────────────────────────────────────────────────────────────────────────────────────
const add: BlockCompiler = (block, env) => {
  for (const field of block.Config?.Fields ?? [])
    if (isSecretType(field.Type)) addSecret(env.secrets, field.Name);
  const producers = (block.Config?.Fields ?? []).map((field) => {
    const type = field.Type;
    if (field.AddType === 'Function') {
      const fn = flowFunction(field.FunctionName);
      if (!fn) throw new HttpError(501, 'runtime.unknownFunction', { name: field.FunctionName ?? '—' });
      const mapping = field.Mapping ?? [];
      return {
        field,
        value: (state: RunState) => canonical(type, fn(fieldMap(state, mapping), defaultContext(state))),
      };
    }
    if (field.AddType === 'System') {
      const system = systemValues[String(field.Value ?? '')];
      if (!system)
        throw new HttpError(501, 'runtime.notRunnable', { reason: `no system value ${String(field.Value)}` });
      return { field, value: (state: RunState) => system(type, defaultContext(state)) };
    }
    // Static (spec part 2 §2 drawer 4; the StaticValue default type).
    const value = canonical(type, field.Value ?? null);
    return { field, value: () => (value === undefined ? (field.Value ?? null) : value) };
  });
  return (state) => {
    const out: Variable[] = [];
    for (const producer of producers) {
      const value = producer.value(state);
      setVar(state, producer.field.Name, value);
      if (state.tracing) out.push({ name: producer.field.Name, value });
    }
    if (state.tracing) state.note = { Output: added(out) };
    return OUT;
  };
};

// ── check ─────────────────────────────────────────────────────────────────────────────────────────────
const check: BlockCompiler = (block) => {
  const groups = block.Config?.Groups ?? [];
  const names = [...new Set(groups.flatMap((group) => (group.Rules ?? []).map((rule) => rule.Name ?? '')))];
  return (state) => {
    const holds = groupsHold(groups, (name) => ({ value: readVar(state, name), type: undefined }), {
      now: state.now,
      variable: (name) => readVar(state, name),
    });
    if (state.tracing)
      state.note = {
        Input: Object.fromEntries(names.map((name) => [name, readVar(state, name)])),
        Branch: holds ? 'TRUE' : 'FALSE',
      };
    return holds ? OUT : FALSE;
  };
};

// ── read ──────────────────────────────────────────────────────────────────────────────────────────────
interface Column {
  Name: string;
  Type: string | null | undefined;
}

function columnFinder(columns: readonly Column[]) {
  const byName = new Map(columns.map((column) => [column.Name.toLowerCase(), column]));
  return (name: string | null | undefined, what: string) => {
    const column = byName.get((name ?? '').toLowerCase());
    if (!column)
      throw new HttpError(501, 'runtime.notRunnable', { reason: `${what} ${name ?? '—'} does not exist` });
    return column;
  };
}

/**
 * The alias of a read's source in its FROM clause. The select list reads some columns back as text under
 * their own names (selectExpression: decimals exact, dates formatted), and a bare name in ORDER BY is the
 * output column's, so the sort names the source's column through this alias: it sorts by the column's
 * real type (numbers and dates as such, not as their text).
 */
const SOURCE = 'r';

/**
 * The flow fields bound to a query script's $1, $2, … : one per method input, in the inputs' order
 * (spec part 1 §3 'Method'), null where the block maps nothing into that input.
 */
function queryArguments(
  inputs: readonly Column[],
  mapping: readonly FlowMapping[],
  input: ReturnType<typeof columnFinder>,
): Array<string | null> {
  const mapped = new Map(
    mapping.filter((entry) => entry.From).map((entry) => [input(entry.To, 'the method input'), entry.From!]),
  );
  return inputs.map((field) => mapped.get(field) ?? null);
}

/**
 * Where a read's rows come from: the records table (or the table or view of another database a document
 * maps onto), the routine called with the mapped inputs, or a method's query script as a subquery.
 */
function fromClause(source: Source, mapping: readonly FlowMapping[]) {
  if (source.kind === 'table') {
    const column = columnFinder(source.document.Elements);
    const matches = mapping
      .filter((entry) => entry.From)
      .map((entry) => ({ entry, field: column(entry.To, 'the mapped field') }));
    return {
      sql: `${source.table} as ${SOURCE}`,
      where: matches.map(
        ({ field }, index) => `${quoteIdent(field.Name)} = $${index + 1}::${sqlTypeOf(field.Type)}`,
      ),
      params: matches.map(({ entry }) => entry.From!),
      columns: source.document.Elements as Column[],
    };
  }
  const input = columnFinder(source.inputs);
  if (source.kind === 'query') {
    const from = queryArguments(source.inputs, mapping, input);
    return {
      sql: `(${source.sql}) as ${SOURCE}`,
      where: [] as string[],
      params: from,
      columns: source.outputs,
    };
  }
  const args = mapping
    .filter((entry) => entry.From)
    .map((entry) => ({ entry, field: input(entry.To, 'the method input') }));
  return {
    sql: `${source.name}(${args.map(({ field }, index) => `${quoteIdent(field.Name)} => $${index + 1}::${sqlTypeOf(field.Type)}`).join(', ')}) as ${SOURCE}`,
    where: [] as string[],
    params: args.map(({ entry }) => entry.From!),
    columns: source.outputs,
  };
}

type SaveOptions = Parameters<typeof saveRecord>[3];

const bindValue = (value: unknown) => (value === undefined || value === '' ? null : value);

const read: BlockCompiler = async (block, env) => {
  const config = block.Config ?? {};
  const source = await resolveSource(env, config.Action ?? {});
  if (source.kind === 'routine' && source.routine === 'procedure')
    throw new HttpError(501, 'runtime.notRunnable', { reason: 'a read block cannot call a procedure' });
  const from = fromClause(source, config.Mapping ?? []);
  const column = columnFinder(from.columns);
  const outputs = (block.Output ?? []).map((field) => ({
    column: column(field.Name, 'the output field'),
    alias: field.Alias || field.Name,
  }));
  noteSecrets(
    env,
    config.Mapping ?? [],
    source.kind === 'table' ? source.document.Elements : source.inputs,
    outputs.map((output) => ({ name: output.column.Name, alias: output.alias, type: output.column.Type })),
  );
  const filters = compileFilters(
    config.Filters ?? [],
    (name) => {
      const found = from.columns.find((entry) => entry.Name.toLowerCase() === name.toLowerCase());
      return found && { sql: quoteIdent(found.Name), type: found.Type };
    },
    from.params.length,
  );
  const where = [...from.where, ...(filters.sql ? [filters.sql] : [])];
  const order = (config.Sorting ?? []).map(
    (sort) =>
      `${SOURCE}.${quoteIdent(column(sort.Name, 'the sort field').Name)} ${sort.Direction === 'DESC' ? 'desc' : 'asc'} nulls last`,
  );
  const firstMatch = config.FirstMatch === true;
  const cap = env.config.readRowCap;
  const select =
    outputs.length > 0 ? outputs.map((output) => selectExpression(output.column)).join(', ') : '1 as one';
  const limitParam = (params: number) => `$${params + 1}`;
  const staticParams = from.params.length;
  // The SQL text is fixed; only the parameters change from call to call.
  let sql = '';
  const sqlFor = (filterCount: number) => {
    if (!sql)
      sql = `select ${select} from ${from.sql}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${
        order.length > 0 ? ` order by ${order.join(', ')}` : ''
      } limit ${limitParam(staticParams + filterCount)}`;
    return sql;
  };
  const label = config.Action?.Name ?? 'READ';
  // Another connection's routine, query or table runs on its database: in the call's transaction there
  // once the call wrote there (callTransactions.ts), else on its pool.
  const remote = source.database;
  // Rows of a records table outside a transaction are kept until the table is written (readCache.ts).
  const cache =
    source.kind === 'table' && !remote && env.config.readCache
      ? readCache(env.db, source.document.Guid)
      : undefined;
  return async (state) => {
    const mapped = from.params.map((name) => (name === null ? null : bindValue(readVar(state, name))));
    const filterParams = filters.params({ now: state.now, variable: (name) => readVar(state, name) });
    const text = sqlFor(filterParams.length);
    const params = [...mapped, ...filterParams, firstMatch ? 1 : cap + 1];
    const query = () =>
      remote
        ? state.remote
          ? state.remote.query<Record<string, unknown>>(remote, text, params, false, REPEATED)
          : remote.query<Record<string, unknown>>(text, params, REPEATED)
        : state.db.query<Record<string, unknown>>(text, params);
    // A cached read may be shared by calls that ask the same at once, so it runs on the database itself,
    // not on this call's stoppable one: one call's timeout does not cancel what the others wait for.
    const rows =
      cache && state.cacheable === env.db
        ? await cache.get(`${text}\u0000${JSON.stringify(params)}`, () =>
            env.db.query<Record<string, unknown>>(text, params),
          )
        : await query();
    if (rows.length > cap) throw new HttpError(422, 'runtime.tooManyRows', { block: label, limit: cap });
    const toVars = (row: Record<string, unknown> | undefined) =>
      new Map(
        outputs.map((output) => {
          const value = row ? canonical(output.column.Type, row[output.column.Name]) : null;
          return [
            output.alias.toLowerCase(),
            { name: output.alias, value: value === undefined ? row?.[output.column.Name] : value },
          ];
        }),
      );
    const first = toVars(rows[0]);
    for (const variable of first.values()) setVar(state, variable.name, variable.value);
    // A read of many rows keeps them for a result that answers an array (src/domain/flow/runtime/result.ts).
    state.rows = firstMatch ? state.rows : rows.map(toVars);
    if (state.tracing)
      state.note = {
        Input: {
          ...Object.fromEntries(
            from.params.flatMap((name, index) => (name === null ? [] : [[name, mapped[index]]])),
          ),
          ...(filterParams.length ? { filters: filterParams } : {}),
        },
        Output: firstMatch ? added([...first.values()]) : rows.map((row) => added([...toVars(row).values()])),
        Rows: rows.length,
      };
    return OUT;
  };
};

// ── write ─────────────────────────────────────────────────────────────────────────────────────────────
const write: BlockCompiler = async (block, env) => {
  env.writes = true;
  const config = block.Config ?? {};
  const source = await resolveSource(env, config.Action ?? {});
  if (!source.database) env.writesOwn = true;
  const mapping = (config.Mapping ?? []).filter((entry) => entry.From);
  if (source.kind === 'table') {
    const column = columnFinder(source.document.Elements);
    const targets = mapping.map((entry) => ({
      from: entry.From!,
      field: column(entry.To, 'the mapped field') as DocumentField,
    }));
    const outputs = (block.Output ?? []).map((field) => ({
      column: column(field.Name, 'the output field'),
      alias: field.Alias || field.Name,
    }));
    noteSecrets(
      env,
      mapping,
      source.document.Elements,
      outputs.map((output) => ({ name: output.column.Name, alias: output.alias, type: output.column.Type })),
    );
    const document: Document = source.document;
    if (source.readOnly)
      throw new NotRunnable(
        `the document ${document.Name} maps onto the view ${document.Table ?? '—'}, whose records cannot be written`,
      );
    // A document over another database's table is written there (issue 30 point 2), in the call's
    // transaction on that connection (callTransactions.ts): its lookup begins it, so both see one state.
    const records = (state: RunState): RecordDb => {
      const database = source.database;
      if (!database) return state.db;
      const remote = state.remote;
      return remote
        ? { query: <T>(sql: string, params: unknown[] = []) => remote.query<T>(database, sql, params, true) }
        : database;
    };
    const key = source.key;
    // The block's method, else its action document's, else an upsert (src/domain/flow/runtime/writeMethod.ts).
    if (config.Method && !writeMethodOf(config.Method))
      throw new NotRunnable(`the write method ${config.Method} is not known`);
    const method = writeMethodOf(config.Method) ?? writeMethodOf(source.method) ?? DEFAULT_WRITE_METHOD;
    // An upsert's lookup is saveRecord's own; create always on an identity key never needs one.
    const looksUp = method !== 'upsert' && !(method === 'createAlways' && key?.IsId === true);
    const refusal = (messageKey: 'runtime.recordExists' | 'runtime.recordNotFound', status: 404 | 409) =>
      new HttpError(status, messageKey, { document: document.Name, key: key?.Name ?? '—' });
    const save = (state: RunState, values: Record<string, unknown>, extra: Partial<SaveOptions>) =>
      saveRecord(records(state), document, values, {
        principal: state.principal,
        now: state.now / 1000,
        references: source.references,
        ...extra,
      });
    return async (state) => {
      // Only what the call gave is written: an update keeps a column whose input was absent, and one sent
      // as null empties it (issue 30 point 7; src/domain/flow/runtime/fieldValue.ts).
      const values: Record<string, unknown> = {};
      for (const target of targets) {
        const value = fieldValue(state.vars, target.from);
        if (value !== undefined) values[target.field.Name] = value;
      }
      let saved: Record<string, unknown>;
      if (!looksUp) saved = await save(state, values, method === 'createAlways' ? { isNew: true } : {});
      else {
        const keyValue = key ? values[key.Name] : undefined;
        const existing =
          key && !isEmptyValue(keyValue)
            ? await findRecord(records(state), document, key, keyValue)
            : undefined;
        const step = writeStep(method, existing !== undefined);
        // A refusal rolls the call's transaction back (run.ts): nothing an earlier block wrote is kept.
        if ('refuse' in step) throw refusal(step.refuse, step.status);
        saved =
          'keep' in step
            ? existing!
            : await save(state, values, { isNew: step.write === 'insert', existing: existing ?? null });
      }
      const out = outputs.map((output) => ({
        name: output.alias,
        value: canonical(output.column.Type, saved[output.column.Name]) ?? null,
      }));
      for (const variable of out) setVar(state, variable.name, variable.value);
      if (state.tracing) state.note = { Input: values, Output: added(out), Rows: 1 };
      return OUT;
    };
  }
  const input = columnFinder(source.inputs);
  // A query script binds every input as $1… in the inputs' order; a routine takes the mapped ones by name.
  const args =
    source.kind === 'query'
      ? queryArguments(source.inputs, mapping, input).map((from, index) => ({
          from,
          field: source.inputs[index]!,
        }))
      : mapping.map((entry) => ({ from: entry.From!, field: input(entry.To, 'the method input') }));
  const routine = source.kind === 'routine' ? source : undefined;
  const call = `${routine?.name}(${args.map(({ field }, index) => `${quoteIdent(field.Name)} => $${index + 1}::${sqlTypeOf(field.Type)}`).join(', ')})`;
  const sqlFor = (kind: 'function' | 'procedure') =>
    kind === 'procedure' ? `call ${call}` : `select * from ${call}`;
  const known = source.kind === 'query' ? source.sql : routine?.routine && sqlFor(routine.routine);
  const database = source.database;
  const outputs = (block.Output ?? []).map((field) => ({ field, alias: field.Alias || field.Name }));
  noteSecrets(
    env,
    mapping,
    source.inputs,
    outputs.map((output) => ({
      name: output.field.Name,
      alias: output.alias,
      type:
        source.outputs.find((entry) => entry.Name.toLowerCase() === output.field.Name.toLowerCase())?.Type ??
        output.field.Type,
    })),
  );
  return async (state) => {
    const params = args.map((arg) => (arg.from === null ? null : bindValue(readVar(state, arg.from))));
    const sql = known || sqlFor(await routine!.remoteKind!());
    // Another connection's writes are one transaction per call and connection (callTransactions.ts).
    const rows = database
      ? await (state.remote
          ? state.remote.query<Record<string, unknown>>(database, sql, params, true)
          : database.query<Record<string, unknown>>(sql, params))
      : await state.db.query<Record<string, unknown>>(sql, params);
    const row = rows[0] ?? {};
    const entries = Object.entries(row);
    const out = outputs.map((output) => {
      const hit = entries.find(([key]) => key.toLowerCase() === output.field.Name.toLowerCase());
      // A scalar function answers one column named after itself.
      const raw = hit ? hit[1] : entries.length === 1 && outputs.length === 1 ? entries[0]![1] : null;
      return { name: output.alias, value: canonical(output.field.Type, raw) ?? raw };
    });
    for (const variable of out) setVar(state, variable.name, variable.value);
    if (state.tracing)
      state.note = {
        Input: Object.fromEntries(args.map((arg, index) => [arg.field.Name, params[index]])),
        Output: added(out),
        Rows: rows.length,
      };
    return OUT;
  };
};

// ── external ──────────────────────────────────────────────────────────────────────────────────────────
const external: BlockCompiler = (block, env) => {
  const config = block.Config ?? {};
  const method = env.connectors.get((config.MethodGuid ?? '').toLowerCase());
  const connector = method?.connector;
  const name = connector?.Name ?? config.MethodName;
  const implementation = method?.operation;
  if (!connector || !implementation)
    throw new HttpError(501, 'runtime.unknownConnector', { name: name ?? '—' });
  if (implementation.writes) {
    env.writes = true;
    env.writesOwn = true;
  }
  const mapping = config.Mapping ?? [];
  const outputs = (block.Output ?? []).map((field) => ({ field, alias: field.Alias || field.Name }));
  noteSecrets(
    env,
    mapping,
    connector.Input ?? [],
    outputs.map((output) => ({
      name: output.field.Name,
      alias: output.alias,
      type:
        connector.Output?.find((entry) => entry.Name.toLowerCase() === output.field.Name.toLowerCase())
          ?.Type ?? output.field.Type,
    })),
  );
  return async (state) => {
    const input = fieldMap(state, mapping);
    const answer = await implementation.call(input, { state, config: env.config, keys: env.keys });
    const out = outputs.map((output) => ({
      name: output.alias,
      value: canonical(output.field.Type, answer[output.field.Name]) ?? null,
    }));
    for (const variable of out) setVar(state, variable.name, variable.value);
    if (state.tracing) state.note = { Input: input, Output: added(out) };
    return OUT;
  };
};

// ── config ────────────────────────────────────────────────────────────────────────────────────────────
/**
 * A CONFIG block configures the Script Service (spec part 2 §3 'Block' config). This server hosts no
 * configuration class, so one naming a class answers 501; one naming a function runs it with its
 * InputMapping (JSON: function input → flow field) and shows the value in the trace (a config block adds
 * no flow fields; src/domain/flow/blockTypes.ts).
 */
const configBlock: BlockCompiler = (block) => {
  const config = block.Config ?? {};
  if (config.ClassName) throw new HttpError(501, 'runtime.unknownClass', { name: config.ClassName });
  if (!config.FunctionName) return () => OUT;
  const fn = flowFunction(config.FunctionName);
  if (!fn) throw new HttpError(501, 'runtime.unknownFunction', { name: config.FunctionName });
  let mapping: Record<string, string> = {};
  try {
    const parsed = JSON.parse(config.InputMapping ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      mapping = parsed as Record<string, string>;
  } catch {
    throw new HttpError(501, 'runtime.notRunnable', {
      reason: 'the config block’s input mapping is not JSON',
    });
  }
  return (state) => {
    const input = Object.fromEntries(
      Object.entries(mapping).map(([to, from]) => [to, readVar(state, String(from))]),
    );
    const value = fn(input, defaultContext(state));
    if (state.tracing) state.note = { Input: input, Output: value };
    return OUT;
  };
};

// ── ends ──────────────────────────────────────────────────────────────────────────────────────────────
const result: BlockCompiler = (block) => (state) => {
  const body = shapeResult(block, { variables: state.vars, rows: state.rows });
  state.answer = { status: 200, body };
  if (state.tracing) state.note = { Output: body };
  return OUT;
};

const error: BlockCompiler = (block) => {
  const code = block.Config?.ErrorCode ?? 'ERROR';
  const message = block.Config?.ErrorMessage || code;
  return () => ({ end: 'error', code, message });
};

const close: BlockCompiler = () => () => ({ end: 'close' });

export const blockCompilers = {
  start,
  add,
  check,
  config: configBlock,
  read,
  write,
  external,
  result,
  error,
  close,
} satisfies Record<BlockType, BlockCompiler>;

export const newGuid = () => randomUUID();
