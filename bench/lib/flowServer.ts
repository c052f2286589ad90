import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '../../tests/support/serverProcess';
import type { BenchModule } from './types';

/**
 * A production server for the runtime rows: the built bundle on a fresh copy of the demo database, the
 * flow rate limit off (one API user makes every call) and warnings only in its log. `env` adds to that.
 */
export async function startFlowServer(
  context: Parameters<BenchModule['run']>[0],
  name: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(context.workDir, `${name}-`));
  await context.prepareDataDir(dataDir, 0);
  return startServerProcess({
    dataDir,
    bundle: true,
    env: { FLOW_RATE_LIMIT: '0', LOG_LEVEL: 'warn', ...env },
  });
}
