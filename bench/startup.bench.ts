import path from 'node:path';
import { startServerProcess } from '../tests/support/serverProcess';
import { median } from './lib/stats';
import type { BenchModule } from './lib/types';

/** Starts measured per figure: one start is at the mercy of the minute it falls in. */
const STARTS = 3;

/**
 * Cold start (issue 9, budgets of issue 20 point 4): from spawning what `npm start` runs (node on the
 * server bundle, dist-server/main.mjs) to its first HTTP answer, on the data directory of the load
 * figures (10,000 users, after the bench's writes), and on an empty one (the prebuilt empty database is
 * copied, then migrations check and demo data run). Each is the median of three starts, each start a
 * new process (an empty directory a new directory); the note lists all three.
 */
const startup: BenchModule = {
  name: 'startup',
  order: 80,
  async run(context) {
    const server = await context.server();
    const { dataDir } = server;
    await context.stopServer();
    const starts = async (folder: (attempt: number) => string) => {
      const taken: Array<{ ms: number; phases: string }> = [];
      for (let attempt = 0; attempt < STARTS; attempt++) {
        const started = await startServerProcess({ dataDir: folder(attempt), bundle: true });
        await started.kill('SIGTERM');
        // The server's own start-up line says where the time went (server/main.ts).
        const phases = started.output().match(/ready \d+ ms after the process started: ([^\n]*)/)?.[1] ?? '';
        taken.push({ ms: started.startMs, phases });
      }
      const value = median(taken.map((start) => start.ms));
      const middle = taken.find((start) => start.ms === value) ?? taken[0]!;
      const all = taken.map((start) => Math.round(start.ms).toLocaleString('en')).join(', ');
      return { value, note: `median of ${STARTS} starts (${all} ms); the median start: ${middle.phases}` };
    };
    // `npm start` again on data this build has started on before: the shared server of the other
    // figures is this bundle, so its start seeded the folder and these restarts skip the seed.
    const existing = await starts(() => dataDir);
    const empty = await starts((attempt) => path.join(context.workDir, `empty-${attempt}`));
    return [
      {
        group: 'server',
        figure: `cold start on existing data (${context.settings.entities.toLocaleString('en')} users)`,
        value: existing.value,
        unit: 'ms',
        budget: { kind: 'max', limit: 1500 },
        note: `spawn to first HTTP answer, a restart of the build after its server worked on the folder; ${existing.note}`,
      },
      {
        group: 'server',
        figure: 'cold start on an empty data directory',
        value: empty.value,
        unit: 'ms',
        budget: { kind: 'max', limit: 4000 },
        note: `spawn to first HTTP answer: copies the prebuilt database, migrates, seeds; ${empty.note}`,
      },
    ];
  },
};

export default startup;
