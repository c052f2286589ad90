import { getSmoothStepPath, Position } from '@xyflow/react';
import { memo } from 'react';
import type { Exit } from '../../../flow/types';
import { exitPoint } from './BlockView';
import { useCanvasActions } from './canvasActions';

export interface LinkViewProps {
  id: string;
  from: string;
  to: string;
  exit: Exit;
  /** The corners of the blocks it joins. */
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
}

/** The drawn route of a link and the middle of it, where its label and + go. */
export function linkRoute({ exit, fromX, fromY, toX, toY }: LinkViewProps) {
  const start = exitPoint[exit];
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX: fromX + start.x,
    sourceY: fromY + start.y,
    sourcePosition: exit === 'False' ? Position.Bottom : Position.Right,
    targetX: toX + exitPoint.in.x,
    targetY: toY + exitPoint.in.y,
    targetPosition: Position.Left,
    borderRadius: 12,
  });
  return { path, labelX, labelY };
}

/** A link from a block's OUT or FALSE exit, as a path in the canvas's one SVG of links. */
function LinkPathImpl(props: LinkViewProps) {
  const { path } = linkRoute(props);
  return (
    <path d={path} className={`flow-link flow-link--${props.exit.toLowerCase()}`} data-link={props.id} />
  );
}

export const LinkPath = memo(LinkPathImpl);

/** The box a link's label is centred in (flowbuilder.css .flow-link__label), placed without a transform. */
const LABEL = { width: 64, height: 20 };

/**
 * The middle of a link: "false" on a FALSE link and, when the flow may change, a + that adds a block
 * between the two (spec part 2 §4 'Adding a block between two blocks').
 */
function LinkLabelImpl(props: LinkViewProps & { editable: boolean }) {
  const { from, to, exit, editable } = props;
  const actions = useCanvasActions();
  if (exit !== 'False' && !editable) return null;
  const { labelX, labelY } = linkRoute(props);
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
