import { atom } from 'jotai';
import type { components } from '../../../../generated/uiservices';
import { linkId } from '../../../domain/flow/graph';
import type { Exit } from '../../../domain/flow/types';

export type TestRunResult = components['schemas']['TestRunResult'];
export type TraceEntry = components['schemas']['TraceEntry'];

/**
 * The last test run of the open flow (issue 17 point 5), which the canvas draws: the blocks that ran, the
 * links the run took, and the block that ended it in an error. Cleared when another flow opens.
 */
export const testRunAtom = atom<{ flowGuid: string; result: TestRunResult } | null>(null);

/** What the canvas draws of a run: trace entries by block, and the ids of the links taken. */
export interface TraceView {
  byBlock: ReadonlyMap<string, TraceEntry>;
  links: ReadonlySet<string>;
  failed: string | null;
}

/** The path a run took: consecutive blocks of the trace, each left by OUT or, after a FALSE check, FALSE. */
export function traceView(result: TestRunResult): TraceView {
  const byBlock = new Map(result.Trace.map((entry) => [entry.Guid, entry]));
  const links = new Set<string>();
  result.Trace.forEach((entry, index) => {
    const next = result.Trace[index + 1];
    if (!next) return;
    const exit: Exit = entry.Branch === 'FALSE' ? 'False' : 'Out';
    links.add(linkId(entry.Guid, next.Guid, exit));
  });
  return { byBlock, links, failed: result.ErrorBlock ?? null };
}
