import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';

/**
 * Set by scripts/buildServer.ts: a new value for every build of the server bundle. Undefined when the
 * sources run through tsx (tests, `npm run dev`), where every start seeds, as the code may have changed.
 */
declare const __SERVER_BUILD_ID__: string | undefined;

/**
 * What decides the seed's outcome: the code that seeds (one build) and the demo administrator it
 * creates. Equal fingerprints mean a seed would insert nothing new, so a restart skips it; a new build
 * or another administrator seeds again (inserting only what is missing, as always).
 */
export function seedFingerprint(
  config: Pick<ServerConfig, 'admin'>,
  buildId = typeof __SERVER_BUILD_ID__ === 'string' ? __SERVER_BUILD_ID__ : undefined,
): string | undefined {
  if (!buildId) return undefined;
  return createHash('sha256').update(buildId).update('\0').update(JSON.stringify(config.admin)).digest('hex');
}

export async function lastSeedFingerprint(db: Db): Promise<string | undefined> {
  const [row] = await db.query<{ fingerprint: string }>('select fingerprint from seed_state where id = 1');
  return row?.fingerprint;
}

export async function rememberSeed(db: Db, fingerprint: string): Promise<void> {
  await db.query(
    `insert into seed_state (id, fingerprint) values (1, $1)
     on conflict (id) do update set fingerprint = excluded.fingerprint, seeded_at = now()`,
    [fingerprint],
  );
}
