import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { fieldsAt, findBlock, updateBlock } from '../../../domain/flow/graph';
import type { FlowBlock, FlowGraph, RestMethodFlow } from '../../../domain/flow/types';
import type { LayoutPositions } from '../layout/elkLayout';

/**
 * The flow being edited, shared by the editor page, the canvas and the block drawers (which the shell
 * draws outside the page). One flow editor is open at a time, so these are plain atoms; the page sets
 * them when a version loads and clears them when it closes.
 */
export const flowDraftAtom = atom<RestMethodFlow | null>(null);
/** Whether this version may be changed by this user (spec part 2 §4: not published, not archived; §6). */
export const flowEditableAtom = atom(false);
export const selectedBlockAtom = atom<string | null>(null);
/** The canvas's last layout, saved into the blocks' positions. */
export const layoutPositionsAtom = atom<LayoutPositions>({});

const emptyGraph: FlowGraph = { Blocks: [] };

/** Changes the draft's graph through a pure graph function (insert, delete, update). */
export const changeGraphAtom = atom(null, (get, set, change: (graph: FlowGraph) => FlowGraph) => {
  const flow = get(flowDraftAtom);
  if (!flow) return;
  set(flowDraftAtom, { ...flow, Flow: change(flow.Flow ?? emptyGraph) });
});

/** One block of the draft, the flow fields visible at it, and a way to change it; for block drawers. */
export function useBlock(guid: string) {
  const flow = useAtomValue(flowDraftAtom);
  const editable = useAtomValue(flowEditableAtom);
  const changeGraph = useSetAtom(changeGraphAtom);
  const graph = flow?.Flow ?? emptyGraph;
  const block = graph.Blocks?.find((candidate) => candidate.Guid === guid);
  const scope = useMemo(() => (block ? fieldsAt(graph, guid) : undefined), [graph, guid, block]);
  const update = useCallback(
    (change: (block: FlowBlock) => FlowBlock) => {
      changeGraph((current) => {
        findBlock(current, guid);
        return updateBlock(current, guid, change);
      });
      return true;
    },
    [changeGraph, guid],
  );
  return { flow, block, scope, editable, update };
}

/** A request to centre a block on the canvas (a click in the validation panel); `seq` repeats a request. */
export const focusRequestAtom = atom<{ guid: string; seq: number } | null>(null);

/** Selects a block and centres it (spec part 2 §4: "clicking it goes to the block"). */
export const focusBlockAtom = atom(null, (get, set, guid: string) => {
  set(selectedBlockAtom, guid);
  set(focusRequestAtom, { guid, seq: (get(focusRequestAtom)?.seq ?? 0) + 1 });
});
