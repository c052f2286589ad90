import { useMemo, useRef } from 'react';
import type { FlowLink } from '../../../domain/flow/graph';
import type { FlowBlock } from '../../../domain/flow/types';
import type { LayoutPositions } from '../layout/elkLayout';
import type { TraceView } from '../testRun/testRunState';
import { type BlockRun, BlockView } from './BlockView';
import { LinkLabel, LinkPath, linkRoute } from './LinkView';

export interface FlowLayerProps {
  /** The blocks to draw (those near the view), and the links between them. */
  blocks: readonly FlowBlock[];
  links: readonly FlowLink[];
  positions: LayoutPositions;
  errorsByBlock: ReadonlyMap<string, number>;
  selected: string | null;
  editable: boolean;
  /** The last test run's path, or null. */
  trace?: TraceView | null;
}

const ORIGIN = { x: 0, y: 0 };

/** How a block took part in the last test run: ran, ended it in an error, or did not run. */
const runState = (trace: TraceView, guid: string): BlockRun =>
  trace.failed === guid ? 'failed' : trace.byBlock.has(guid) ? 'ran' : 'skipped';

interface RoutedLink extends ReturnType<typeof linkRoute> {
  link: FlowLink;
  /** The two corners the route was drawn between. */
  ends: string;
}

/**
 * Each link's route, once for its path and its label, and again only when one of its blocks moved: the
 * links change at every hand-over batch, and most of them keep their ends.
 */
function useRoutes(links: readonly FlowLink[], positions: LayoutPositions): RoutedLink[] {
  const cache = useRef(new Map<string, RoutedLink>());
  return useMemo(() => {
    const next = new Map<string, RoutedLink>();
    const routed = links.map((link) => {
      const from = positions[link.from] ?? ORIGIN;
      const to = positions[link.to] ?? ORIGIN;
      const ends = `${from.x},${from.y},${to.x},${to.y}`;
      const previous = cache.current.get(link.id);
      const route = previous?.ends === ends ? previous : { link, ends, ...linkRoute(link.exit, from, to) };
      next.set(link.id, route);
      return route;
    });
    cache.current = next;
    return routed;
  }, [links, positions]);
}

/**
 * The blocks and links, drawn inside React Flow's viewport (its ViewportPortal), which pans and zooms
 * them: React Flow holds no nodes or edges. Given nodes, it subscribes a few store selectors per node,
 * handle and edge, runs all of them on every store update, measures each node it mounts with a
 * ResizeObserver, and mounts what enters the view in one task; on a 1,000-block flow that held the main
 * thread for 50 to 180 ms after the layout's answer (issue 9: no task over 50 ms during layout). Here a
 * block is a memoized component of plain props, and the canvas decides what is mounted when.
 */
export function FlowLayer({
  blocks,
  links,
  positions,
  errorsByBlock,
  selected,
  editable,
  trace = null,
}: FlowLayerProps) {
  const routes = useRoutes(links, positions);
  return (
    <>
      <svg className="flow-links" aria-hidden="true">
        {routes.map(({ link, path }) => (
          <LinkPath
            key={link.id}
            id={link.id}
            exit={link.exit}
            path={path}
            taken={trace?.links.has(link.id) ?? false}
          />
        ))}
      </svg>
      {blocks.map((block) => {
        const at = positions[block.Guid] ?? ORIGIN;
        return (
          <BlockView
            key={block.Guid}
            block={block}
            x={at.x}
            y={at.y}
            errors={errorsByBlock.get(block.Guid) ?? 0}
            selected={selected === block.Guid}
            editable={editable}
            run={trace ? runState(trace, block.Guid) : undefined}
          />
        );
      })}
      {routes.map(({ link, labelX, labelY }) => (
        <LinkLabel
          key={link.id}
          id={link.id}
          from={link.from}
          to={link.to}
          exit={link.exit}
          labelX={labelX}
          labelY={labelY}
          editable={editable}
        />
      ))}
    </>
  );
}
