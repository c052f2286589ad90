import { getSmoothStepPath, Position } from '@xyflow/react';
import { memo } from 'react';
import type { Exit } from '../../../domain/flow/types';
import { exitPoint } from './BlockView';
import { useCanvasActions } from './canvasActions';

type Corner = { x: number; y: number };

/** The drawn route of a link between the blocks at these corners, and its middle, where its label goes. */
export function linkRoute(exit: Exit, from: Corner, to: Corner) {
  const start = exitPoint[exit];
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX: from.x + start.x,
    sourceY: from.y + start.y,
    sourcePosition: exit === 'False' ? Position.Bottom : Position.Right,
    targetX: to.x + exitPoint.in.x,
    targetY: to.y + exitPoint.in.y,
    targetPosition: Position.Left,
    borderRadius: 12,
  });
  return { path, labelX, labelY };
}

/** A link from a block's OUT or FALSE exit, as a path in the canvas's one SVG of links. */
function LinkPathImpl({
  id,
  exit,
  path,
  taken = false,
}: {
  id: string;
  exit: Exit;
  path: string;
  taken?: boolean;
}) {
  return (
    <path
      d={path}
      className={`flow-link flow-link--${exit.toLowerCase()}${taken ? ' flow-link--taken' : ''}`}
      data-link={id}
    />
  );
}

export const LinkPath = memo(LinkPathImpl);

/** The box a link's label is centred in (flowbuilder.css .flow-link__label), placed without a transform. */
const LABEL = { width: 64, height: 20 };

/**
 * The middle of a link: "false" on a FALSE link and, when the flow may change, a + that adds a block
 * between the two (spec part 2 §4 'Adding a block between two blocks').
 */
function LinkLabelImpl(props: {
  id: string;
  from: string;
  to: string;
  exit: Exit;
  labelX: number;
  labelY: number;
  editable: boolean;
}) {
  const { from, to, exit, labelX, labelY, editable } = props;
  const actions = useCanvasActions();
  if (exit !== 'False' && !editable) return null;
  return (
    <div
      className="flow-link__label"
      style={{ left: labelX - LABEL.width / 2, top: labelY - LABEL.height / 2 }}
    >
      {exit === 'False' && <span className="flow-link__false">false</span>}
      {editable && (
        <button
          type="button"
          className="flow-link__add"
          aria-label={`Add a block ${exit === 'False' ? 'on the false path ' : ''}after ${from.slice(0, 8)}`}
          data-link={props.id}
          onClick={() => actions.insertOn({ from, to, exit })}
        >
          +
        </button>
      )}
    </div>
  );
}

export const LinkLabel = memo(LinkLabelImpl);
