import { loadKeys, type ServerKeys } from './auth/keys';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './seed/seed';

/**
 * Brings the database to this version, reads (or makes) the server's keys and seeds what is missing,
 * under the start-up lock: processes started at the same moment on one empty PostgreSQL take turns, so
 * one migrates and seeds, the others find it done, and all sign tokens with the same keys (issue 18
 * point 3).
 */
export function prepareDatabase(db: Db, config: ServerConfig, env: NodeJS.ProcessEnv = process.env) {
  return db.exclusively(async (): Promise<ServerKeys> => {
    await migrate(db);
    const keys = await loadKeys(db, env);
    await seed(db, keys, config);
    return keys;
  });
}
