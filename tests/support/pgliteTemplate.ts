import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/database';
import { migrate, migrations } from '../../server/db/migrate';

/**
 * PGlite's first start runs initdb (seconds). The suites instead load a data directory made once
 * per set of migrations and kept in node_modules/.cache, which takes about a second per database.
 */
export const templateFile = () => {
  const hash = createHash('sha256')
    .update(
      migrations()
        .map((migration) => migration.version + migration.sql)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  return path.resolve('node_modules/.cache/uiservices', `pglite-${hash}.tar.gz`);
};

export default async function setup() {
  const file = templateFile();
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db);
  if (!db.dump) throw new Error('pgliteTemplate: PGlite should expose dump()');
  const dump = await db.dump();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
