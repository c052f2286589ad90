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
  ViewportPortal,
} from '@xyflow/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flowLinks } from '../../../domain/flow/graph';
import type { FlowGraph } from '../../../domain/flow/types';
import { afterNextPaint } from '../../../ui/afterNextPaint';
import { flowDraftAtom, focusRequestAtom, selectedBlockAtom } from '../editor/flowEditorState';
import { testRunAtom, traceView } from '../testRun/testRunState';
import { BLOCK_SIZE, type CanvasActions, CanvasActionsContext } from './canvasActions';
import { FlowLayer } from './FlowLayer';
import { FlowOverview } from './FlowOverview';
import { blocksNearView, blocksToFit, boundsOf, parseBox, selectNearView, useHandOver } from './nearView';
import { layoutMarks, useFlowLayout } from './useFlowLayout';

export interface FlowCanvasProps {
  graph: FlowGraph;
  editable: boolean;
  errorsByBlock: ReadonlyMap<string, number>;
  actions: CanvasActions;
}

function Canvas({ graph, editable, errorsByBlock, actions }: FlowCanvasProps) {
  const [drawnOnce, setDrawnOnce] = useState(false);
  const { positions, generation } = useFlowLayout(graph, drawnOnce);
  const selected = useAtomValue(selectedBlockAtom);
  const focus = useAtomValue(focusRequestAtom);
  // The last test run of this flow: the path it took is drawn over the blocks (issue 17 point 5).
  const run = useAtomValue(testRunAtom);
  const flowGuid = useAtomValue(flowDraftAtom)?.Guid;
  const trace = useMemo(
    () => (run && run.flowGuid === flowGuid ? traceView(run.result) : null),
    [run, flowGuid],
  );
  const allLinks = useMemo(() => flowLinks(graph), [graph]);
  const box = useStore(selectNearView);
  const flow = useReactFlow();
  const store = useStoreApi();

  // The view of the first layout: a big flow's beginning, a small flow whole (the overview shows the
  // whole of a big one, too small to read). Known before the blocks are drawn, so they are handed
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
      ? blocksNearView(positions, allLinks, parseBox(viewBox), nearRef.current)
      : null;
    return nearRef.current;
  }, [positions, allLinks, viewBox]);
  const { shown: near, complete } = useHandOver(nearAll);

  // The positions known at once (stored or provisional) drawn and painted, or none to draw: the layout
  // may start (useFlowLayout).
  const drawable = !positions || (box !== '' && complete);
  useEffect(() => {
    if (drawnOnce || !drawable) return;
    return afterNextPaint(() => setDrawnOnce(true));
  }, [drawnOnce, drawable]);
  const blocks = useMemo(
    () => (near ? (graph.Blocks ?? []).filter((block) => near.has(block.Guid)) : []),
    [graph, near],
  );
  const links = useMemo(
    () => (near ? allLinks.filter((link) => near.has(link.from) && near.has(link.to)) : []),
    [allLinks, near],
  );

  // The whole flow in view, from the layout: only the blocks near the view are drawn.
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
    afterNextPaint(() => performance.mark(layoutMarks.drawn));
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
      <ReactFlow
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        minZoom={0.05}
        maxZoom={2}
        proOptions={{ hideAttribution: true }}
        aria-label="Flow canvas"
        data-layout-generation={generation}
      >
        {positions && (
          <ViewportPortal>
            <FlowLayer
              blocks={blocks}
              links={links}
              positions={positions}
              errorsByBlock={errorsByBlock}
              selected={selected}
              editable={editable}
              trace={trace}
            />
          </ViewportPortal>
        )}
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
