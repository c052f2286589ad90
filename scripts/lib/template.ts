import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase } from '../../server/db/database';
import { migrate, migrations } from '../../server/db/migrate';
import { emptyDatabaseDir } from '../../server/db/template';

/** What the empty database depends on: the migrations, and the PGlite (PostgreSQL) that made it. */
function fingerprint(): string {
  // The package does not export its package.json; its PostgreSQL is its wasm file.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return createHash('sha256')
    .update(readFileSync(path.join(path.dirname(entry), 'pglite.wasm')))
    .update(
      migrations()
        .map((migration) => migration.version + migration.sql)
        .join('\n'),
    )
    .digest('hex');
}

/**
 * Makes dist-server/pglite-empty (server/db/template.ts): a PGlite data directory with every migration
 * applied and nothing else — no keys, no users; the first start makes those. Kept while the migrations
 * and PGlite stay the same, since initdb takes seconds.
 */
export async function makeBundledTemplate(): Promise<{ dir: string; made: boolean }> {
  // Beside the directory, not in it: the directory is copied as it is into each new data folder.
  const marker = `${emptyDatabaseDir}.built-from`;
  const expected = fingerprint();
  if (existsSync(marker) && readFileSync(marker, 'utf8') === expected)
    return { dir: emptyDatabaseDir, made: false };
  const building = `${emptyDatabaseDir}.building`;
  rmSync(building, { recursive: true, force: true });
  const db = await openDatabase({ kind: 'pglite', dataDir: building });
  await migrate(db);
  await db.close();
  rmSync(emptyDatabaseDir, { recursive: true, force: true });
  renameSync(building, emptyDatabaseDir);
  writeFileSync(marker, expected);
  return { dir: emptyDatabaseDir, made: true };
}
