import { Panel, useReactFlow, useStore } from '@xyflow/react';
import { type PointerEvent, useEffect, useMemo, useRef } from 'react';
import type { LayoutPositions } from '../layout/elkLayout';
import { BLOCK_SIZE } from './canvasActions';

const WIDTH = 200;
const HEIGHT = 150;
const MARGIN = 40;

const selectView = (state: { transform: [number, number, number]; width: number; height: number }) =>
  `${state.transform.join(',')},${state.width},${state.height}`;

/**
 * The whole flow in small, with the part in view outlined; a click or a drag on it centres the canvas
 * there. The blocks are painted on a canvas from the layout, the outline is an SVG rectangle over it, so
 * panning redraws only the outline. xyflow's MiniMap subscribes one component per block to the store,
 * and on a 1,000-block flow every store update (each frame of a pan, the layout's answer) cost hundreds
 * of milliseconds of main thread; one SVG path of all blocks took 10 ms to parse at each new layout
 * (issue 9: no task over 50 ms during layout).
 */
export function FlowOverview({ positions }: { positions: LayoutPositions | null }) {
  const flow = useReactFlow();
  // One string, so the outline redraws only when the view really moved.
  const view = useStore(selectView);
  const [tx = 0, ty = 0, zoom = 1, paneWidth = 0, paneHeight = 0] = view.split(',').map(Number);

  const drawn = useMemo(() => {
    const corners = Object.values(positions ?? {});
    if (corners.length === 0) return null;
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const { x, y } of corners) {
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + BLOCK_SIZE.width);
      bottom = Math.max(bottom, y + BLOCK_SIZE.height);
    }
    return { corners, left, top, right, bottom };
  }, [positions]);

  // The visible area in flow coordinates; the drawing shows the blocks and the view together.
  const visible = { x: -tx / zoom, y: -ty / zoom, width: paneWidth / zoom, height: paneHeight / zoom };
  const left = Math.min(drawn?.left ?? visible.x, visible.x) - MARGIN;
  const top = Math.min(drawn?.top ?? visible.y, visible.y) - MARGIN;
  const width = Math.max(drawn?.right ?? 0, visible.x + visible.width) + MARGIN - left;
  const height = Math.max(drawn?.bottom ?? 0, visible.y + visible.height) + MARGIN - top;

  const canvas = useRef<HTMLCanvasElement>(null);
  const ratio = window.devicePixelRatio || 1;
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !drawn) return;
    // As the SVG's viewBox with preserveAspectRatio xMidYMid meet, so blocks and outline line up.
    const scale = Math.min(WIDTH / width, HEIGHT / height);
    const dx = (WIDTH - width * scale) / 2 - left * scale;
    const dy = (HEIGHT - height * scale) / 2 - top * scale;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, WIDTH, HEIGHT);
    context.fillStyle = getComputedStyle(context.canvas).color;
    const w = Math.max(1, BLOCK_SIZE.width * scale);
    const h = Math.max(1, BLOCK_SIZE.height * scale);
    for (const { x, y } of drawn.corners) context.fillRect(x * scale + dx, y * scale + dy, w, h);
  }, [drawn, left, top, width, height, ratio]);
  if (!drawn) return null;

  const centreAt = (event: PointerEvent<SVGSVGElement>) => {
    if (event.type === 'pointermove' && event.buttons !== 1) return;
    const matrix = event.currentTarget.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    void flow.setCenter(point.x, point.y, { zoom });
  };

  return (
    <Panel position="bottom-right" className="flow-overview">
      <canvas
        ref={canvas}
        className="flow-overview__blocks"
        width={WIDTH * ratio}
        height={HEIGHT * ratio}
        style={{ width: WIDTH, height: HEIGHT }}
      />
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
