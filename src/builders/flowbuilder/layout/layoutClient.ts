import { flowError } from '../../../domain/flow/errors';
import { type LayoutInput, type LayoutPositions, layoutWithElk } from './elkLayout';

/** The worker's answer: x and y of each requested node, in the request's order (layout.worker.ts). */
type Answer = { id: number; xy?: Float64Array; error?: string };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<
  number,
  { ids: string[]; resolve(positions: LayoutPositions): void; reject(error: Error): void }
>();

function positionsOf(ids: readonly string[], xy: Float64Array): LayoutPositions {
  const positions: LayoutPositions = {};
  ids.forEach((id, index) => {
    positions[id] = { x: xy[index * 2]!, y: xy[index * 2 + 1]! };
  });
  return positions;
}

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const request = pending.get(event.data.id);
    if (!request) return;
    pending.delete(event.data.id);
    if (event.data.xy) request.resolve(positionsOf(request.ids, event.data.xy));
    else request.reject(flowError('FLOW007', event.data.error ?? 'no positions'));
  };
  worker.onerror = (event) => {
    for (const request of pending.values()) request.reject(flowError('FLOW007', event.message));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };
  return worker;
}

/**
 * Lays a flow out with ELK in the layout worker. Where no Worker exists (unit tests in jsdom), ELK runs
 * in this thread instead, loaded on demand.
 */
export async function layoutFlow(input: LayoutInput): Promise<LayoutPositions> {
  if (typeof Worker === 'undefined') {
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    return layoutWithElk(new ELK(), input);
  }
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { ids: input.nodes.map((node) => node.id), resolve, reject });
    layoutWorker().postMessage({ id, input });
  });
}
