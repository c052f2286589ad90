import { documentFieldTypes } from '../../src/domain/documents/fieldTypes';
import type { DocumentField } from '../../src/domain/documents/types';
import type { Schemas } from '../contract/types';
import type { ConnectionDatabase } from './connectionDatabase';
import { fieldTypeOf, maxLengthOf } from './pgTypes';

type ExternalTable = Schemas['ExternalTable'];

/** Schemas that are PostgreSQL's own, never offered. */
const SYSTEM_SCHEMAS =
  "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'";

/** A column name a document field can carry (the field schema's pattern and length). */
const FIELD_NAME = /^[A-Za-z0-9_]{1,63}$/;

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  typname: string;
  category: string;
  typmod: number;
  not_null: boolean;
  has_default: boolean;
  generated: boolean;
  is_key: boolean;
}

/**
 * A column as a document field (spec part 2 §3 'Field definition', 'Field options'; §5 'Document'): the
 * plain types as pgTypes maps them, a string without a declared length as Text (a document's String
 * needs one), anything a document cannot hold (arrays, JSON) as Text. The one-column primary key is the
 * key, required and not updatable; an identity or serial key is the ID. A not-null column without a
 * default is required, since an insert without it fails there.
 */
function fieldOf(row: ColumnRow, order: number): DocumentField {
  let type = fieldTypeOf(row.typname, row.category);
  const max = maxLengthOf(row.typname, row.typmod);
  if (type === 'String' && max === undefined) type = 'Text';
  if (!documentFieldTypes.includes(type)) type = 'Text';
  const isId = row.is_key && row.generated && (type === 'Number' || type === 'Longnumber');
  const required = row.is_key || (row.not_null && !row.has_default);
  const field: DocumentField = { Name: row.column, Type: type, Order: order, IsUpdatable: !row.is_key };
  if (row.is_key) field.IsKey = true;
  if (isId) field.IsId = true;
  const validation: NonNullable<DocumentField['Validation']> = {};
  if (required) validation.IsRequired = true;
  if (max !== undefined) validation.MaxLength = max;
  if (Object.keys(validation).length > 0) field.Validation = validation;
  return field;
}

/**
 * Tables and views of a connection's database from its live catalogue (pg_class), with their columns
 * as document fields (issue 30 point 2: a document of that connection maps onto one of them; nothing is
 * created or altered there). Only the offered schemas; partitions are left to their parent table;
 * columns whose names a field cannot carry are left out. `only` reads one table or view.
 */
export async function listTables(
  database: ConnectionDatabase,
  only?: { schema: string; table: string },
): Promise<ExternalTable[]> {
  const params: unknown[] = [];
  const where: string[] = ["c.relkind in ('r', 'p', 'v', 'm', 'f')", 'not c.relispartition'];
  if (database.schemas) {
    params.push(database.schemas);
    where.push(`n.nspname = any($${params.length}::text[])`);
  } else where.push(SYSTEM_SCHEMAS);
  if (only) {
    params.push(only.schema, only.table);
    where.push(`n.nspname = $${params.length - 1} and c.relname = $${params.length}`);
  }
  const rows = await database.query<ColumnRow>(
    `select n.nspname as schema, c.relname as table, c.relkind::text as kind, a.attname as column,
            t.typname, t.typcategory::text as category, a.atttypmod as typmod, a.attnotnull as not_null,
            a.atthasdef or a.attidentity <> '' as has_default,
            a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as generated,
            exists (select 1 from pg_constraint k
                     where k.conrelid = c.oid and k.contype = 'p' and k.conkey = array[a.attnum]) as is_key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ${where.join(' and ')}
      order by n.nspname, c.relname, a.attnum`,
    params,
  );
  const tables = new Map<string, ExternalTable>();
  for (const row of rows) {
    const name = `${row.schema}.${row.table}`;
    let table = tables.get(name);
    if (!table) {
      table = {
        Name: name,
        Schema: row.schema,
        Table: row.table,
        IsView: row.kind === 'v' || row.kind === 'm',
        Key: null,
        Elements: [],
      };
      tables.set(name, table);
    }
    if (!FIELD_NAME.test(row.column)) continue;
    table.Elements.push(fieldOf(row, table.Elements.length));
    if (row.is_key) table.Key = row.column;
  }
  return [...tables.values()];
}

/** 'schema.name' split; a bare name is in the first offered schema, or public. */
export function splitTableName(qualified: string, database: Pick<ConnectionDatabase, 'schemas'>) {
  const dot = qualified.indexOf('.');
  if (dot > 0) return { schema: qualified.slice(0, dot), table: qualified.slice(dot + 1) };
  return { schema: database.schemas?.[0] ?? 'public', table: qualified };
}
