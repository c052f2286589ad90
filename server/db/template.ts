import { constants, cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` puts the server bundle and the empty database (scripts/buildServer.ts). */
export const serverBundleDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist-server',
);
export const serverBundleFile = path.join(serverBundleDir, 'main.mjs');

/** A PGlite data directory made at build time: initdb done and every migration of that build applied. */
export const emptyDatabaseDir = path.join(serverBundleDir, 'pglite-empty');

/**
 * A first start on an empty folder copies the prebuilt database instead of running initdb and all
 * migrations (seconds on two cores, issue 20 point 4); migrations added since the build still run after.
 * Answers whether it copied. Without a build (tests, `npm run dev`) PGlite makes the database as before.
 */
export function startFromEmptyDatabase(dataDir: string): boolean {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(path.join(emptyDatabaseDir, 'PG_VERSION')))
    return false;
  // A copy-on-write clone where the file system has them, a plain copy elsewhere.
  cpSync(emptyDatabaseDir, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  return true;
}
