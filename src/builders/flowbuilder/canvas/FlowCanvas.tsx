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
import { useEffect, useMemo, useRef, useState } from 'react';
import { flowLinks } from '../../../flow/graph';
import type { LayoutPositions } from '../../../flow/layout/elkLayout';
import type { FlowBlock, FlowGraph } from '../../../flow/types';
import { focusRequestAtom, selectedBlockAtom } from '../editor/flowEditorState';
import { type BlockFlowNode, handlesOf } from './BlockNode';
import { BLOCK_SIZE, type CanvasActions, CanvasActionsContext } from './canvasActions';
import { FlowOverview } from './FlowOverview';
import type { LinkFlowEdge } from './InsertEdge';
import { blocksNearView, blocksToFit, boundsOf, parseBox, selectNearView, useHandOver } from './nearView';
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
  const flow = useReactFlow();
  const store = useStoreApi();

  // The view of the first layout: a big flow's beginning, a small flow whole (the overview shows the
  // whole of a big one, too small to read). Known before React Flow gets the blocks, so they are handed
  // over once, for the view they will be seen in, and not again after the fit.
  const [fitDone, setFitDone] = useState(false);
  const firstView = useMemo(() => {
    if (fitDone || generation === 0 || !positions || !box) return null;
    const corners = blocksToFit(positions);
    if (corners.length === 0) return null;
    const { width, height, minZoom } = store.getState();
    const viewport = getViewportForBounds(boundsOf(corners), width, height, minZoom, 1.2, 0.15);
    return {
      viewport,
      box: selectNearView({ transform: [viewport.x, viewport.y, viewport.zoom], width, height }),
    };
  }, [fitDone, generation, positions, box, store]);
  useEffect(() => {
    if (!firstView) return;
    setFitDone(true);
    void flow.setViewport(firstView.viewport);
  }, [firstView, flow]);

  const nearRef = useRef<ReadonlySet<string> | null>(null);
  const viewBox = firstView?.box ?? box;
  const nearAll = useMemo(() => {
    nearRef.current = positions
      ? blocksNearView(positions, allEdges, parseBox(viewBox), nearRef.current)
      : null;
    return nearRef.current;
  }, [positions, allEdges, viewBox]);
  const { shown: near, complete } = useHandOver(nearAll);
  const nodes = useNodes(graph.Blocks ?? [], positions, errorsByBlock, selected, editable, near);
  const edges = useMemo(
    () => (near ? allEdges.filter((edge) => near.has(edge.source) && near.has(edge.target)) : allEdges),
    [allEdges, near],
  );

  // The whole flow in view, from the layout: React Flow holds only the blocks near the view.
  const fitAll = () => {
    const corners = Object.values(positions ?? {});
    if (corners.length === 0) return;
    const { width, height, minZoom, maxZoom } = store.getState();
    void flow.setViewport(getViewportForBounds(boundsOf(corners), width, height, minZoom, maxZoom, 0.1));
  };

  // A layout's positions are on screen once the frame after the last of its blocks is painted.
  const marked = useRef(0);
  useEffect(() => {
    if (generation === 0 || !complete || marked.current === generation) return;
    marked.current = generation;
    requestAnimationFrame(() => setTimeout(() => performance.mark(layoutMarks.drawn)));
  }, [generation, complete]);

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
