import { mapsOntoTable } from '../../src/domain/documents/externalTable';
import { keyFieldOf } from '../../src/domain/documents/keyField';
import type { Document, DocumentField } from '../../src/domain/documents/types';
import { isQueryMethod, queryText } from '../../src/domain/methods/methodType';
import { INTERNAL_TYPE } from '../connections/connectionKind';
import { connectorKind } from '../connectors';
import { flowConnection } from '../connectors/flowConnection';
import type { FlowContext, FlowDatabase } from '../connectors/types';
import type { Db } from '../db/database';
import type { ReferenceCheck } from '../documents/records';
import { qualifiedTable, quoteIdent, recordsOf, recordTableExists } from '../documents/recordTable';
import { referenceChecks } from '../documents/references';

/**
 * What a read or write block's action resolves to when a flow is compiled (spec part 2 §3 'Block'
 * read/write: documents and methods of the block's connection; composed and action documents through
 * their root document): a records table of the server's own database, a routine of the demo schema, or,
 * as another connection's kind runs them (issue 30 point 2), a table or view of that database that a
 * document maps onto, a routine there, or a method's query script.
 * Everything of the server's own is read once here, so a call never looks up the catalog; nothing of
 * another system is, so a flow compiles while that system is down and its calls answer 502.
 */
export class NotRunnable extends Error {}

type Row = Record<string, unknown>;

export type Source =
  | {
      kind: 'table';
      document: Document;
      table: string;
      key: DocumentField | undefined;
      references: ReferenceCheck[];
      /** An action document's root action method (spec part 2 §3 'Action document'), for a write without one. */
      method?: string | null;
      /** Another connection's database holding the table; undefined for the server's own. */
      database?: FlowDatabase;
      /** A view of another database (the catalogue said so at publish): WRITE refuses it. */
      readOnly?: boolean;
    }
  | {
      kind: 'query';
      /** The method's query script (spec part 1 §3 'Method': script), parameters $1… in input order. */
      sql: string;
      database: FlowDatabase;
      inputs: Array<{ Name: string; Type: string | null | undefined }>;
      outputs: Array<{ Name: string; Type: string | null | undefined }>;
    }
  | {
      kind: 'routine';
      /** Quoted, schema-qualified name. */
      name: string;
      /** Undefined for another connection's routine: its first call asks that database. */
      routine: 'function' | 'procedure' | undefined;
      /** Another connection's database; undefined for the server's own. */
      database?: FlowDatabase;
      /** Another connection's routine: whether it is a function or a procedure, asked on first use. */
      remoteKind?: () => Promise<'function' | 'procedure'>;
      inputs: Array<{ Name: string; Type: string | null | undefined }>;
      outputs: Array<{ Name: string; Type: string | null | undefined }>;
    };

async function publishedItem(db: Db, kind: string, guid: string) {
  const [row] = await db.query<{ scope: string | null; name: string; body: Row }>(
    'select scope::text as scope, name, published as body from items where kind = $1 and guid::text = $2 and published is not null',
    [kind, guid],
  );
  return row;
}

async function connectionType(db: Db, guid: string | null): Promise<string | undefined> {
  if (!guid) return undefined;
  const [row] = await db.query<{ type: string | null }>(
    "select coalesce(published, body) ->> 'Type' as type from items where kind = 'connection' and guid::text = $1",
    [guid],
  );
  return row?.type ?? undefined;
}

/**
 * A document over a table or view of another connection's database (issue 30 point 2): its records are
 * read and written there, through the connection kind's pool; nothing is looked up there until a call.
 */
async function externalTableSource(
  context: FlowContext,
  item: { scope: string | null; name: string },
  document: Document,
  published: Document[],
): Promise<Source> {
  const connection = await flowConnection(context.db, item.scope);
  const kind = connectorKind(connection?.type);
  if (!connection || !kind?.flowDatabase)
    throw new NotRunnable(
      `the document ${item.name} is on a ${connection?.type ?? 'missing'} connection, whose documents do not run in flows`,
    );
  if (document.Type !== 'List' || !mapsOntoTable(document))
    throw new NotRunnable(`the document ${item.name} maps onto no table (only published list documents do)`);
  return {
    kind: 'table',
    document,
    table: recordsOf(document),
    key: keyFieldOf(document),
    references: referenceChecks(document, published),
    database: kind.flowDatabase(connection, context),
    readOnly: document.IsView === true,
  };
}

async function tableSource(context: FlowContext, guid: string, what: string): Promise<Source> {
  const { db } = context;
  const item = await publishedItem(db, 'document', guid);
  if (!item) throw new NotRunnable(`${what}: its document is not published`);
  const document = { ...(item.body as unknown as Document), Guid: guid };
  const published = async () =>
    (
      await db.query<{ guid: string; body: Row }>(
        "select guid::text as guid, published as body from items where kind = 'document' and scope::text = $1 and published is not null",
        [item.scope],
      )
    ).map((row) => ({ ...(row.body as unknown as Document), Guid: row.guid }));
  if ((await connectionType(db, item.scope)) !== INTERNAL_TYPE)
    return externalTableSource(context, item, document, await published());
  if (document.Type !== 'List' || !(await recordTableExists(db, guid)))
    throw new NotRunnable(`the document ${item.name} holds no records (only published list documents do)`);
  return {
    kind: 'table',
    document,
    table: qualifiedTable(guid),
    key: keyFieldOf(document),
    references: referenceChecks(document, await published()),
  };
}

const methodField = (field: Row) => ({
  Name: String(field.Name ?? ''),
  Type: (field.Type as string | null) ?? null,
});

const list = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);

/** A routine of another connection's database, run by its kind (server/connectors/<kind>/flowDatabase). */
async function externalRoutine(
  context: FlowContext,
  item: { scope: string | null; name: string; body: Row },
) {
  const connection = await flowConnection(context.db, item.scope);
  const kind = connectorKind(connection?.type);
  if (!connection || !kind?.flowDatabase)
    throw new NotRunnable(
      `the method ${item.name} is on a ${connection?.type ?? 'missing'} connection, whose methods do not run in flows`,
    );
  const script = String(item.body.Script ?? '');
  const database = kind.flowDatabase(connection, context);
  // A query script runs as written, its inputs bound as $1… (spec part 1 §3 'Method': script).
  if (isQueryMethod(item.body))
    return {
      kind: 'query' as const,
      sql: queryText(script),
      database,
      inputs: list(item.body.Input).map(methodField),
      outputs: list(item.body.Output).map(methodField),
    };
  const [schema = 'public', name = ''] = script.includes('.') ? script.split('.', 2) : ['public', script];
  let known: Promise<'function' | 'procedure'> | undefined;
  return {
    kind: 'routine' as const,
    name: `${quoteIdent(schema)}.${quoteIdent(name)}`,
    routine: undefined,
    database,
    // Asked once, on the first call that needs it; asked again after a failure.
    remoteKind: () => {
      known ??= database
        .query<{ kind: string }>(
          `select p.prokind::text as kind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = $1 and p.proname = $2 and p.prokind in ('f', 'p') limit 1`,
          [schema, name],
        )
        .then((rows) => (rows[0]?.kind === 'p' ? ('procedure' as const) : ('function' as const)));
      known.catch(() => {
        known = undefined;
      });
      return known;
    },
    inputs: list(item.body.Input).map(methodField),
    outputs: list(item.body.Output).map(methodField),
  };
}

async function routineSource(context: FlowContext, guid: string): Promise<Source> {
  const { db } = context;
  const item = await publishedItem(db, 'method', guid);
  if (!item) throw new NotRunnable('its method is not published');
  const connection = await flowConnection(db, item.scope);
  if (connection?.type !== INTERNAL_TYPE) return externalRoutine(context, item);
  if (isQueryMethod(item.body))
    throw new NotRunnable(
      `the method ${item.name} is a query; queries run on connections to other databases only`,
    );
  const script = String(item.body.Script ?? '');
  const [schema, name] = script.includes('.') ? script.split('.', 2) : ['demo', script];
  const [routine] = await db.query<{ kind: string }>(
    `select p.prokind::text as kind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.proname = $2 and p.prokind in ('f', 'p') limit 1`,
    [schema, name],
  );
  if (!routine) throw new NotRunnable(`the routine ${script} of the method ${item.name} does not exist`);
  return {
    kind: 'routine',
    name: `${quoteIdent(schema ?? 'demo')}.${quoteIdent(name ?? '')}`,
    routine: routine.kind === 'p' ? 'procedure' : 'function',
    inputs: list(item.body.Input).map(methodField),
    outputs: list(item.body.Output).map(methodField),
  };
}

/** The source of an action by its type (spec part 2 §3 'Action document', 'Composed document'). */
export async function resolveSource(
  context: FlowContext,
  action: { Guid?: string | null; Type?: string | null; Name?: string | null },
): Promise<Source> {
  const { db } = context;
  const guid = action.Guid ?? '';
  switch (action.Type) {
    case 'Document':
      return tableSource(context, guid, `the document ${action.Name ?? guid}`);
    case 'Method':
      return routineSource(context, guid);
    case 'ComposedDocument': {
      const item = await publishedItem(db, 'composedDocument', guid);
      const root = (item?.body.Document ?? {}) as Row;
      if (!item || typeof root.Guid !== 'string')
        throw new NotRunnable(`the composed document ${action.Name} is not published`);
      return tableSource(context, root.Guid, `the composed document ${item.name}`);
    }
    case 'ActionDocument': {
      const item = await publishedItem(db, 'actionDocument', guid);
      const root = (item?.body.Action ?? {}) as Row;
      const rootGuid = (root.Guid ?? root.guid) as string | undefined;
      if (!item || !rootGuid) throw new NotRunnable(`the action document ${action.Name} is not published`);
      if ((root.Type ?? 'Document') === 'Method') return routineSource(context, rootGuid);
      const source = await tableSource(context, rootGuid, `the action document ${item.name}`);
      return { ...source, method: typeof root.Method === 'string' ? root.Method : null } as Source;
    }
    default:
      throw new NotRunnable(`the action type ${action.Type ?? '—'} is not known`);
  }
}
