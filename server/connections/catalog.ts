import type { Schemas } from '../contract/types';
import type { ConnectionDatabase } from './connectionDatabase';
import { fieldTypeOf, maxLengthOf } from './pgTypes';

type MethodField = Schemas['MethodField'];
type StoredProcedure = Schemas['StoredProcedure'];

/** Schemas that are PostgreSQL's own, never offered. */
const systemSchemas = "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'";

/** Which schemas to read: the listed ones, or every user schema. */
function schemaFilter(database: ConnectionDatabase, parameter: number) {
  return database.schemas
    ? { sql: `n.nspname = any($${parameter}::text[])`, params: [database.schemas] }
    : { sql: systemSchemas, params: [] };
}

/**
 * Functions and procedures of a connection's database from the real catalog (pg_proc), named
 * schema.name, without members of extensions and trigger functions (spec part 1 §7 'Methods': GetSPS).
 */
export async function listRoutines(database: ConnectionDatabase): Promise<StoredProcedure[]> {
  const filter = schemaFilter(database, 1);
  const rows = await database.query<{ schema: string; name: string; kind: string }>(
    `select distinct n.nspname as schema, p.proname as name, p.prokind as kind
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and ${filter.sql}
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by n.nspname, p.proname`,
    filter.params,
  );
  return rows.map((row) => ({
    Name: `${row.schema}.${row.name}`,
    Schema: row.schema,
    Kind: row.kind === 'p' ? 'procedure' : 'function',
  }));
}

interface RoutineRow {
  oid: number;
  name: string;
  kind: string;
  volatile: string;
  input_count: number;
  default_count: number;
  return_type: string;
  return_category: string;
  return_kind: string;
  return_relation: number;
}

interface ArgumentRow {
  position: number;
  name: string | null;
  mode: string;
  typname: string;
  category: string;
}

interface ColumnRow {
  name: string;
  typname: string;
  category: string;
  typmod: number;
}

const field = (
  name: string,
  typname: string,
  category: string,
  options: { required?: boolean; typmod?: number } = {},
): MethodField => {
  const max = maxLengthOf(typname, options.typmod);
  const validation: NonNullable<MethodField['Validation']> = {};
  if (options.required) validation.Required = true;
  if (max !== undefined) validation.Max = max;
  return {
    Name: name,
    Type: fieldTypeOf(typname, category),
    ...(Object.keys(validation).length > 0 ? { Validation: validation } : {}),
  };
};

/** Splits 'schema.name'; a bare name is looked up in the first offered schema (or public). */
export function splitRoutineName(qualified: string, database: ConnectionDatabase) {
  const dot = qualified.indexOf('.');
  if (dot > 0) return { schema: qualified.slice(0, dot), name: qualified.slice(dot + 1) };
  return { schema: database.schemas?.[0] ?? 'public', name: qualified };
}

/**
 * Parameters and result columns of one routine (spec part 1 §7 'Methods': GetSPParameters), as method
 * fields: inputs are IN, INOUT and VARIADIC parameters (required unless they have a default); outputs are
 * OUT, INOUT and TABLE columns, else the columns of a returned row type, else one field named after a
 * scalar function. Stable and immutable functions read (IsRead); procedures and volatile functions write.
 * Of overloaded routines the oldest is taken. Undefined when the routine is not there or not offered.
 */
export async function routineParameters(database: ConnectionDatabase, qualified: string) {
  const { schema, name } = splitRoutineName(qualified, database);
  if (database.schemas && !database.schemas.includes(schema)) return undefined;
  const [routine] = await database.query<RoutineRow>(
    `select p.oid::int8 as oid, p.proname as name, p.prokind as kind, p.provolatile as volatile,
            p.pronargs::int as input_count, p.pronargdefaults::int as default_count,
            t.typname as return_type, t.typcategory as return_category, t.typtype as return_kind,
            t.typrelid::int8 as return_relation
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind in ('f', 'p')
      order by p.oid limit 1`,
    [schema, name],
  );
  if (!routine) return undefined;
  const args = await database.query<ArgumentRow>(
    `select a.position::int as position, p.proargnames[a.position] as name,
            coalesce(p.proargmodes[a.position]::text, 'i') as mode, t.typname, t.typcategory as category
       from pg_proc p
       cross join lateral unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(type_oid, position)
       join pg_type t on t.oid = a.type_oid
      where p.oid = $1
      order by a.position`,
    [routine.oid],
  );
  const inputs = args.filter((arg) => ['i', 'b', 'v'].includes(arg.mode));
  const firstOptional = routine.input_count - routine.default_count;
  const Input = inputs.map((arg, index) =>
    field(arg.name || `arg${index + 1}`, arg.typname, arg.category, { required: index < firstOptional }),
  );
  const outputs = args.filter((arg) => ['o', 'b', 't'].includes(arg.mode));
  let Output: MethodField[];
  if (outputs.length > 0) {
    Output = outputs.map((arg, index) => field(arg.name || `column${index + 1}`, arg.typname, arg.category));
  } else if (routine.return_kind === 'c' && routine.return_relation > 0) {
    const columns = await database.query<ColumnRow>(
      `select a.attname as name, t.typname, t.typcategory as category, a.atttypmod as typmod
         from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [routine.return_relation],
    );
    Output = columns.map((column) =>
      field(column.name, column.typname, column.category, { typmod: column.typmod }),
    );
  } else if (routine.kind === 'f' && !['void', 'record'].includes(routine.return_type)) {
    Output = [field(routine.name, routine.return_type, routine.return_category)];
  } else {
    Output = [];
  }
  const IsRead = routine.kind === 'f' && routine.volatile !== 'v';
  return { Input, Output, IsRead };
}
