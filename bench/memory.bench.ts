import { procStatusKb } from './lib/context';
import type { BenchModule } from './lib/types';

/**
 * Resident memory of the server process (issue 9): right after start with 10,000 stored users, and the
 * peak over the whole bench, read from /proc (Linux). Runs after the load figures.
 */
const memory: BenchModule = {
  name: 'memory',
  order: 70,
  async run(context) {
    const server = await context.server();
    return [
      {
        group: 'server',
        figure: 'resident memory after start',
        value: server.rssAfterStartKb / 1024,
        unit: 'MB',
        note: 'VmRSS of the server process, before any request',
      },
      {
        group: 'server',
        figure: 'resident memory, peak under the load above',
        value: procStatusKb(server.pid, 'VmHWM') / 1024,
        unit: 'MB',
        note: 'VmHWM of the server process',
      },
    ];
  },
};

export default memory;
