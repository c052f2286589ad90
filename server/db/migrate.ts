import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './database';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations in order; each file is `NNN_name.sql` and runs once, in a transaction. */
export function migrations(): Array<{ version: string; sql: string }> {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(folder, file), 'utf8'),
    }));
}

/** Applies the migrations not yet applied; the same SQL runs on PGlite and PostgreSQL. */
export async function migrate(db: Db): Promise<string[]> {
  // A read first: on existing data the DDL statement is the slowest of a restart's statements.
  const [found] = await db.query<{ present: boolean }>(
    "select to_regclass('schema_migrations') is not null as present",
  );
  if (!found?.present)
    await db.exec(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
  const applied = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
  );
  const ran: string[] = [];
  for (const migration of migrations()) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
    });
    ran.push(migration.version);
  }
  return ran;
}
