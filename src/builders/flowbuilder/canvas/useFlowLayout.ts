import { useSetAtom } from 'jotai';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { warnFlow } from '../../../domain/flow/errors';
import { flowLinks } from '../../../domain/flow/graph';
import type { FlowGraph } from '../../../domain/flow/types';
import { layoutPositionsAtom } from '../editor/flowEditorState';
import { type LayoutPositions, layoutInput } from '../layout/elkLayout';
import { layoutFlow } from '../layout/layoutClient';
import { provisionalLayout } from '../layout/provisionalLayout';
import { blockSize } from './canvasActions';

/** Performance marks of a layout: requested, answered by the worker, drawn (see FlowCanvas). */
export const layoutMarks = {
  start: 'flow-layout:start',
  answered: 'flow-layout:answered',
  drawn: 'flow-layout:drawn',
} as const;

/** Changes only when blocks or links change, not when a block's configuration does. */
export function structureOf(graph: FlowGraph): string {
  const blocks = (graph.Blocks ?? []).map((block) => `${block.Guid}:${block.Type}`).join(',');
  const links = flowLinks(graph)
    .map((link) => link.id)
    .join(',');
  return `${blocks}|${links}`;
}

/** The stored positions, while the first layout runs (spec part 2 §3 'Block': position x/y). */
function storedPositions(graph: FlowGraph): LayoutPositions | null {
  const blocks = graph.Blocks ?? [];
  if (
    blocks.length === 0 ||
    blocks.some(
      (block) =>
        !block.Position || (block.Position.X === 0 && block.Position.Y === 0 && block.Type !== 'start'),
    )
  )
    return null;
  return Object.fromEntries(
    blocks.map((block) => [block.Guid, { x: block.Position!.X ?? 0, y: block.Position!.Y ?? 0 }]),
  );
}

/** Flows of more blocks than this show provisional positions while ELK lays them out. */
const PROVISIONAL_FROM = 60;

/**
 * A big flow's blocks in columns by distance from START, at once: ELK takes seconds for 1,000 blocks,
 * and an empty canvas meanwhile says nothing. Small flows wait for ELK (tens of ms) rather than jump.
 */
function firstPositions(graph: FlowGraph): LayoutPositions | null {
  if ((graph.Blocks?.length ?? 0) <= PROVISIONAL_FROM) return null;
  return provisionalLayout(layoutInput(graph, blockSize));
}

/**
 * Automatic layout (elkjs, layered, left to right) computed in the layout worker whenever blocks or links
 * change; the last answer wins. Until the first answer the stored positions show, else a big flow's
 * provisional ones, else nothing. The first request waits for `ready`: the canvas says when it has drawn
 * the positions it already has, so ELK's seconds of work on another core do not compete with that first
 * drawing (on two cores, with one busy, the main thread's tasks took three to four times as long while
 * the worker ran; issue 9: no task over 50 ms during layout).
 */
export function useFlowLayout(graph: FlowGraph, ready: boolean) {
  const structure = useMemo(() => structureOf(graph), [graph]);
  const [positions, setPositions] = useState<LayoutPositions | null>(
    () => storedPositions(graph) ?? firstPositions(graph),
  );
  const [generation, setGeneration] = useState(0);
  const publish = useSetAtom(layoutPositionsAtom);
  // biome-ignore lint/correctness/useExhaustiveDependencies: lays out again only when the structure changes (or the canvas becomes ready)
  useEffect(() => {
    if (!ready) return;
    let live = true;
    // Marks for `npm run bench`: the main thread's longest task between these (issue 9 budget).
    performance.mark(layoutMarks.start);
    layoutFlow(layoutInput(graph, blockSize))
      .then((next) => {
        if (!live) return;
        performance.mark(layoutMarks.answered);
        // A transition, so React may yield while it renders the moved blocks (issue 9: no task over
        // 50 ms during layout).
        startTransition(() => {
          setPositions(next);
          setGeneration((value) => value + 1);
        });
        publish(next);
      })
      .catch((error: unknown) => warnFlow('FLOW007', error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [structure, ready]);
  return { positions, generation };
}
