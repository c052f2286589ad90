import { atom } from 'jotai';
import type { components } from '../../../../generated/uiservices';
import { linkId } from '../../../domain/flow/graph';
import type { Exit } from '../../../domain/flow/types';

export type TestRunResult = components['schemas']['TestRunResult'];
export type TraceEntry = components['schemas']['TraceEntry'];
type FlowExecutionDetail = components['schemas']['FlowExecutionDetail'];

/**
 * The run the canvas of the open flow draws (issue 17 point 5): the blocks that ran, the links the run
 * took, and the block that ended it in an error. The last test run, or a production call opened from the
 * executions log (issue 32 point 3), which is drawn the same way: `execution` then names it. Cleared when
 * another flow opens.
 */
export interface ShownRun {
  flowGuid: string;
  result: TestRunResult;
  execution?: FlowExecutionDetail;
}

export const testRunAtom = atom<ShownRun | null>(null);

/** An execution with its kept data as the run the canvas and the trace drawers show. */
export function executionRun(execution: FlowExecutionDetail): ShownRun {
  return {
    flowGuid: execution.FlowGuid,
    execution,
    result: {
      Status: execution.Status,
      Answer: execution.Data?.Answer ?? null,
      DurationMs: execution.DurationMs,
      ErrorBlock: execution.ErrorBlock ?? null,
      Trace: execution.Data?.Trace ?? [],
      TraceId: execution.TraceId ?? null,
    },
  };
}

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
