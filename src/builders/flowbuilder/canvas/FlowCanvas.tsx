import '@xyflow/react/dist/style.css';
import {
  Background,
  ControlButton,
  Controls,
  getViewportForBounds,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  useStoreApi,
} from '@xyflow/react';
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
import { blocksNearView, parseBox, selectNearView } from './nearView';
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
  near: ReadonlySet<string> | null,
): BlockFlowNode[] {
  const cache = useRef(new Map<string, Cached>());
  return useMemo(() => {
    if (!positions) return [];
    const next = new Map<string, Cached>();
    const shown = near ? blocks.filter((block) => near.has(block.Guid)) : blocks;
    const nodes = shown.map((block) => {
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
  }, [blocks, positions, errorsByBlock, selected, editable, near]);
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

/** The leftmost blocks (the start side of a left-to-right layout), or every block when the whole flow fits. */
function blocksToFit(positions: LayoutPositions): Array<{ x: number; y: number }> {
  const ids = Object.keys(positions);
  if (ids.length <= FIT_ALL_LIMIT) return Object.values(positions);
  // The few leftmost, kept in order as they come: no sort of the whole flow.
  const first: Array<{ id: string; x: number; y: number }> = [];
  for (const id of ids) {
    const { x, y } = positions[id]!;
    const last = first[first.length - 1];
    if (first.length === FIRST_BLOCKS && last && (x > last.x || (x === last.x && y >= last.y))) continue;
    let at = first.length;
    while (at > 0 && (first[at - 1]!.x > x || (first[at - 1]!.x === x && first[at - 1]!.y > y))) at--;
    first.splice(at, 0, { id, x, y });
    if (first.length > FIRST_BLOCKS) first.pop();
  }
  return first;
}

/** The box around blocks placed at these corners. */
function boundsOf(corners: Array<{ x: number; y: number }>) {
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    x,
    y,
    width: Math.max(...xs) + BLOCK_SIZE.width - x,
    height: Math.max(...ys) + BLOCK_SIZE.height - y,
  };
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
  const allEdges = useEdges(graph, editable);
  const box = useStore(selectNearView);
  const nearRef = useRef<ReadonlySet<string> | null>(null);
  const near = useMemo(() => {
    nearRef.current = positions ? blocksNearView(positions, allEdges, parseBox(box), nearRef.current) : null;
    return nearRef.current;
  }, [positions, allEdges, box]);
  const nodes = useNodes(graph.Blocks ?? [], positions, errorsByBlock, selected, editable, near);
  const edges = useMemo(
    () => (near ? allEdges.filter((edge) => near.has(edge.source) && near.has(edge.target)) : allEdges),
    [allEdges, near],
  );
  const flow = useReactFlow();
  const store = useStoreApi();

  // The whole flow in view, from the layout: React Flow holds only the blocks near the view.
  const fitAll = () => {
    const corners = Object.values(positions ?? {});
    if (corners.length === 0) return;
    const { width, height, minZoom, maxZoom } = store.getState();
    void flow.setViewport(getViewportForBounds(boundsOf(corners), width, height, minZoom, maxZoom, 0.1));
  };
  const fitted = useRef(false);

  // A layout's positions are on screen once the frame after their render is painted.
  useEffect(() => {
    if (generation === 0) return;
    requestAnimationFrame(() => setTimeout(() => performance.mark(layoutMarks.drawn)));
  }, [generation]);

  // Fit the flow in view when its first layout arrives. A large flow shows its beginning instead: the
  // whole of it would be unreadably small, and drawing every block at once held the main thread for
  // seconds (issue 9: no task over 50 ms during layout); the overview shows the whole. The box comes
  // from the layout, not from React Flow's nodes, which may still be arriving in stages.
  useEffect(() => {
    if (generation === 0 || fitted.current || !positions) return;
    const corners = blocksToFit(positions);
    if (corners.length === 0) return;
    fitted.current = true;
    requestAnimationFrame(() => {
      const { width, height, minZoom } = store.getState();
      void flow.setViewport(getViewportForBounds(boundsOf(corners), width, height, minZoom, 1.2, 0.15));
    });
  }, [generation, flow, store, positions]);

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
        <Controls showInteractive={false} showFitView={false}>
          <ControlButton
            className="react-flow__controls-fitview"
            onClick={fitAll}
            title="Fit View"
            aria-label="Fit View"
          >
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
              <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
            </svg>
          </ControlButton>
        </Controls>
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
