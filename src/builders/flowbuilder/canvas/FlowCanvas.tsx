import '@xyflow/react/dist/style.css';
import { Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { flowLinks } from '../../../flow/graph';
import type { LayoutPositions } from '../../../flow/layout/elkLayout';
import type { FlowBlock, FlowGraph } from '../../../flow/types';
import { focusRequestAtom, selectedBlockAtom } from '../editor/flowEditorState';
import { type BlockFlowNode, handlesOf } from './BlockNode';
import { BLOCK_SIZE, type CanvasActions, CanvasActionsContext } from './canvasActions';
import { FlowOverview } from './FlowOverview';
import type { LinkFlowEdge } from './InsertEdge';
import { edgeTypes, nodeTypeOf, nodeTypes } from './nodeTypes';
import { layoutMarks, useFlowLayout } from './useFlowLayout';

interface Cached {
  block: FlowBlock;
  x: number;
  y: number;
  errors: number;
  selected: boolean;
  editable: boolean;
  node: BlockFlowNode;
}

/**
 * Nodes from blocks, positions, problem counts and selection. A node object is reused while its inputs
 * are the same, so React Flow and the memoized nodes skip unchanged blocks (components never depend on the
 * whole nodes array).
 */
function useNodes(
  blocks: readonly FlowBlock[],
  positions: LayoutPositions | null,
  errorsByBlock: ReadonlyMap<string, number>,
  selected: string | null,
  editable: boolean,
): BlockFlowNode[] {
  const cache = useRef(new Map<string, Cached>());
  return useMemo(() => {
    if (!positions) return [];
    const next = new Map<string, Cached>();
    const nodes = blocks.map((block) => {
      const position = positions[block.Guid] ?? { x: 0, y: 0 };
      const errors = errorsByBlock.get(block.Guid) ?? 0;
      const isSelected = selected === block.Guid;
      const previous = cache.current.get(block.Guid);
      if (
        previous &&
        previous.block === block &&
        previous.x === position.x &&
        previous.y === position.y &&
        previous.errors === errors &&
        previous.selected === isSelected &&
        previous.editable === editable
      ) {
        next.set(block.Guid, previous);
        return previous.node;
      }
      const node: BlockFlowNode = {
        id: block.Guid,
        type: nodeTypeOf(block.Type),
        position,
        width: BLOCK_SIZE.width,
        height: BLOCK_SIZE.height,
        // Size and handles declared, as for server rendering: React Flow then needs to draw (and measure)
        // only the blocks in view, and fitView need not wait for every block to be measured.
        measured: BLOCK_SIZE,
        handles: handlesOf(block.Type),
        selected: isSelected,
        data: { block, errors, editable },
      };
      next.set(block.Guid, {
        block,
        x: position.x,
        y: position.y,
        errors,
        selected: isSelected,
        editable,
        node,
      });
      return node;
    });
    cache.current = next;
    return nodes;
  }, [blocks, positions, errorsByBlock, selected, editable]);
}

function useEdges(graph: FlowGraph, editable: boolean): LinkFlowEdge[] {
  return useMemo(
    () =>
      flowLinks(graph).map((link) => ({
        id: link.id,
        source: link.from,
        target: link.to,
        sourceHandle: link.exit,
        type: 'link' as const,
        data: { exit: link.exit, editable },
      })),
    [graph, editable],
  );
}

/** Flows up to this many blocks are fitted whole when they open; larger ones show their first blocks. */
const FIT_ALL_LIMIT = 60;
const FIRST_BLOCKS = 6;

/** The leftmost blocks (the start side of a left-to-right layout), or null when the whole flow fits. */
function firstBlocks(positions: LayoutPositions): Array<{ id: string }> | null {
  const entries = Object.entries(positions);
  if (entries.length <= FIT_ALL_LIMIT) return null;
  return entries
    .sort(([, a], [, b]) => a.x - b.x || a.y - b.y)
    .slice(0, FIRST_BLOCKS)
    .map(([id]) => ({ id }));
}

export interface FlowCanvasProps {
  graph: FlowGraph;
  editable: boolean;
  errorsByBlock: ReadonlyMap<string, number>;
  actions: CanvasActions;
}

function Canvas({ graph, editable, errorsByBlock, actions }: FlowCanvasProps) {
  const { positions, generation } = useFlowLayout(graph);
  const selected = useAtomValue(selectedBlockAtom);
  const focus = useAtomValue(focusRequestAtom);
  const nodes = useNodes(graph.Blocks ?? [], positions, errorsByBlock, selected, editable);
  const edges = useEdges(graph, editable);
  const flow = useReactFlow();
  const fitted = useRef(false);

  // A layout's positions are on screen once the frame after their render is painted.
  useEffect(() => {
    if (generation === 0) return;
    requestAnimationFrame(() => setTimeout(() => performance.mark(layoutMarks.drawn)));
  }, [generation]);

  // Fit the flow in view when its first layout arrives. A large flow shows its beginning instead: the
  // whole of it would be unreadably small, and drawing every block at once held the main thread for
  // seconds (issue 9: no task over 50 ms during layout); the minimap gives the overview.
  useEffect(() => {
    if (generation === 0 || fitted.current || !positions) return;
    fitted.current = true;
    const first = firstBlocks(positions);
    requestAnimationFrame(
      () =>
        void flow.fitView({
          padding: 0.15,
          maxZoom: 1.2,
          ...(first ? { nodes: first } : {}),
        }),
    );
  }, [generation, flow, positions]);

  // Centre a block when asked (a click in the validation panel).
  useEffect(() => {
    if (!focus || !positions) return;
    const position = positions[focus.guid];
    if (!position) return;
    void flow.setCenter(position.x + BLOCK_SIZE.width / 2, position.y + BLOCK_SIZE.height / 2, {
      zoom: Math.max(flow.getZoom(), 1),
      duration: 250,
    });
  }, [focus, positions, flow]);

  return (
    <CanvasActionsContext.Provider value={actions}>
      <ReactFlow<BlockFlowNode, LinkFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onlyRenderVisibleElements
        minZoom={0.05}
        maxZoom={2}
        proOptions={{ hideAttribution: true }}
        aria-label="Flow canvas"
        data-layout-generation={generation}
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
        <FlowOverview positions={positions} />
      </ReactFlow>
    </CanvasActionsContext.Provider>
  );
}

/** The block canvas (@xyflow/react): automatic layout, zoom, pan, fit view, overview. */
export function FlowCanvas(props: FlowCanvasProps) {
  return (
    <div className="flow-canvas" data-testid="flow-canvas">
      <ReactFlowProvider>
        <Canvas {...props} />
      </ReactFlowProvider>
    </div>
  );
}
