import { BaseEdge, type Edge, EdgeLabelRenderer, type EdgeProps, getSmoothStepPath } from '@xyflow/react';
import { memo } from 'react';
import type { Exit } from '../../../flow/types';
import { useCanvasActions } from './canvasActions';

export interface LinkEdgeData extends Record<string, unknown> {
  exit: Exit;
  editable: boolean;
}

export type LinkFlowEdge = Edge<LinkEdgeData, 'link'>;

/**
 * A link from a block's OUT or FALSE exit. When the flow may change, a + in its middle adds a block
 * between the two (spec part 2 §4 'Adding a block between two blocks').
 */
function LinkEdgeView(props: EdgeProps<LinkFlowEdge>) {
  const { id, source, target, data } = props;
  const actions = useCanvasActions();
  const [path, labelX, labelY] = getSmoothStepPath({ ...props, borderRadius: 12 });
  const exit = data?.exit ?? 'Out';
  return (
    <>
      <BaseEdge id={id} path={path} className={`flow-link flow-link--${exit.toLowerCase()}`} />
      <EdgeLabelRenderer>
        <div
          className="flow-link__label nodrag nopan"
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
        >
          {exit === 'False' && <span className="flow-link__false">false</span>}
          {data?.editable && (
            <button
              type="button"
              className="flow-link__add"
              aria-label={`Add a block ${exit === 'False' ? 'on the false path ' : ''}after ${source.slice(0, 8)}`}
              data-link={id}
              onClick={() => actions.insertOn({ from: source, to: target, exit })}
            >
              +
            </button>
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const LinkEdge = memo(LinkEdgeView);
