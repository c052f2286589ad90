import { Panel, useReactFlow, useStore } from '@xyflow/react';
import { type PointerEvent, useMemo } from 'react';
import type { LayoutPositions } from '../../../flow/layout/elkLayout';
import { BLOCK_SIZE } from './canvasActions';

const WIDTH = 200;
const HEIGHT = 150;
const MARGIN = 40;

const selectView = (state: { transform: [number, number, number]; width: number; height: number }) =>
  `${state.transform.join(',')},${state.width},${state.height}`;

/**
 * The whole flow in small, with the part in view outlined; a click or a drag on it centres the canvas
 * there. All blocks are one SVG path drawn from the layout, so panning redraws only the outline.
 * xyflow's MiniMap subscribes one component per block to the store, and on a 1,000-block flow every
 * store update (each frame of a pan, the layout's answer) cost hundreds of milliseconds of main thread
 * (issue 9: no task over 50 ms during layout).
 */
export function FlowOverview({ positions }: { positions: LayoutPositions | null }) {
  const flow = useReactFlow();
  // One string, so the outline redraws only when the view really moved.
  const view = useStore(selectView);
  const [tx = 0, ty = 0, zoom = 1, paneWidth = 0, paneHeight = 0] = view.split(',').map(Number);

  const drawn = useMemo(() => {
    const entries = Object.values(positions ?? {});
    if (entries.length === 0) return null;
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    const parts: string[] = [];
    for (const { x, y } of entries) {
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + BLOCK_SIZE.width);
      bottom = Math.max(bottom, y + BLOCK_SIZE.height);
      parts.push(`M${x} ${y}h${BLOCK_SIZE.width}v${BLOCK_SIZE.height}h${-BLOCK_SIZE.width}z`);
    }
    return { path: parts.join(''), left, top, right, bottom };
  }, [positions]);
  if (!drawn) return null;

  // The visible area in flow coordinates; the drawing shows the blocks and the view together.
  const visible = { x: -tx / zoom, y: -ty / zoom, width: paneWidth / zoom, height: paneHeight / zoom };
  const left = Math.min(drawn.left, visible.x) - MARGIN;
  const top = Math.min(drawn.top, visible.y) - MARGIN;
  const width = Math.max(drawn.right, visible.x + visible.width) + MARGIN - left;
  const height = Math.max(drawn.bottom, visible.y + visible.height) + MARGIN - top;

  const centreAt = (event: PointerEvent<SVGSVGElement>) => {
    if (event.type === 'pointermove' && event.buttons !== 1) return;
    const matrix = event.currentTarget.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    void flow.setCenter(point.x, point.y, { zoom });
  };

  return (
    <Panel position="bottom-right" className="flow-overview">
      <svg
        role="img"
        aria-label="Flow overview"
        width={WIDTH}
        height={HEIGHT}
        viewBox={`${left} ${top} ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          centreAt(event);
        }}
        onPointerMove={centreAt}
      >
        <path className="flow-overview__blocks" d={drawn.path} />
        <rect
          className="flow-overview__view"
          x={visible.x}
          y={visible.y}
          width={visible.width}
          height={visible.height}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </Panel>
  );
}
