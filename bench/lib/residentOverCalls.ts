import type { Result } from 'autocannon';
import { procStatusKb } from './context';

export interface ResidentChange {
  /** Median VmRSS (kB) while the first `calls` calls ran. */
  before: number;
  /** Median VmRSS (kB) while the next `calls` calls ran. */
  after: number;
  /** Answers of the second load. */
  answers: number;
  /** Signed change from before to after, in %. */
  changePct: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Whether a server's memory stays flat over `calls` calls (the runtime rows' ±10%): resident memory is
 * sampled every half second while `calls` calls run, twice in a row, and the medians of the two loads
 * are compared. A leak shows as growth from the first to the second. Readings taken once at rest after
 * each load depended on where V8's memory reducer was in giving the heap back: the same server read
 * 366 MB and then 315 MB over a pause longer than the reducer's (issue 30's bench), a shrink as far
 * outside the budget as a leak would be. Under load, the heap's sawtooth is the same in both medians.
 */
export async function residentOverCalls(
  pid: number,
  load: (options: { amount: number }) => Promise<Result>,
  calls: number,
): Promise<ResidentChange> {
  const sampled = async () => {
    const samples: number[] = [];
    const timer = setInterval(() => samples.push(procStatusKb(pid, 'VmRSS')), 500);
    try {
      const result = await load({ amount: calls });
      return { rss: median(samples), answers: result['2xx'] };
    } finally {
      clearInterval(timer);
    }
  };
  const first = await sampled();
  const second = await sampled();
  return {
    before: first.rss,
    after: second.rss,
    answers: second.answers,
    changePct: ((second.rss - first.rss) / first.rss) * 100,
  };
}
