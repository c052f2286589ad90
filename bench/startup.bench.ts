import path from 'node:path';
import { startServerProcess } from '../tests/support/serverProcess';
import type { BenchModule } from './lib/types';

/**
 * Cold start (issue 9, budgets of issue 20 point 4): from spawning what `npm start` runs (node on the
 * server bundle, dist-server/main.mjs) to its first HTTP answer, on the data directory of the load
 * figures (10,000 users, after the bench's writes), and on an empty one (the prebuilt empty database is
 * copied, then migrations check and demo data run).
 */
const startup: BenchModule = {
  name: 'startup',
  order: 80,
  async run(context) {
    const server = await context.server();
    const { dataDir } = server;
    await context.stopServer();
    // `npm start` again on data this build has started on before: the shared server of the other
    // figures is this bundle, so its start seeded the folder and this restart skips the seed.
    const restart = await startServerProcess({ dataDir, bundle: true });
    await restart.kill('SIGTERM');
    const first = await startServerProcess({ dataDir: path.join(context.workDir, 'empty'), bundle: true });
    await first.kill('SIGTERM');
    // The server's own start-up line says where the time went (server/main.ts).
    const phases = (started: { output(): string }) =>
      started.output().match(/ready \d+ ms after the process started: ([^\n]*)/)?.[1] ?? '';
    return [
      {
        group: 'server',
        figure: `cold start on existing data (${context.settings.entities.toLocaleString('en')} users)`,
        value: restart.startMs,
        unit: 'ms',
        budget: { kind: 'max', limit: 1500 },
        note: `spawn to first HTTP answer; a restart of the build after its server worked on the folder; ${phases(restart)}`,
      },
      {
        group: 'server',
        figure: 'cold start on an empty data directory',
        value: first.startMs,
        unit: 'ms',
        budget: { kind: 'max', limit: 4000 },
        note: `spawn to first HTTP answer: copies the prebuilt database, migrates, seeds; ${phases(first)}`,
      },
    ];
  },
};

export default startup;
