import type { Db } from '../../server/db/database';

/**
 * Columns a refused call may change on purpose, with the reason. Everything else in every table of
 * the public schema is fingerprinted.
 */
export const bookkeepingColumns: Record<string, { columns: string[]; why: string }> = {
  users: {
    columns: ['failed_attempts', 'locked_until'],
    why: 'a wrong password or code is refused and counted, to slow down and then block guessing',
  },
  rate_limits: {
    columns: ['key', 'resets_at', 'hits'],
    why: 'every call counts toward the rate limits, refused or not, and the counts land up to 100 ms later',
  },
};

export interface Fingerprint {
  /** table → "rows:md5" */
  tables: Record<string, string>;
}

/**
 * Builds a function that fingerprints the database: per table, the row count and an md5 of all rows
 * in a fixed order. One query per call, built once from information_schema, so tables added by later
 * migrations are covered without editing this file.
 */
export async function fingerprinter(
  db: Db,
  exempt: Record<string, { columns: string[] }> = bookkeepingColumns,
): Promise<() => Promise<Fingerprint>> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    if (exempt[table_name]?.columns.includes(column_name)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  if (byTable.size === 0) throw new Error('fingerprinter: the database has no tables');
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const sql = [...byTable]
    .map(([table, names]) => {
      const row = `row(${names.map(quote).join(', ')})::text`;
      return `select '${table}' as name, count(*)::int as rows, coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as sum from ${quote(table)}`;
    })
    .join('\nunion all\n');
  return async () => {
    const rows = await db.query<{ name: string; rows: number; sum: string }>(sql);
    return { tables: Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.sum}`])) };
  };
}

/** The tables whose fingerprint differs, for a failure message. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names].filter((name) => before.tables[name] !== after.tables[name]).sort();
}
