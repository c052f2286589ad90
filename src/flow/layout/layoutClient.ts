import { flowError } from '../errors';
import { type LayoutInput, type LayoutPositions, layoutWithElk } from './elkLayout';

type Answer = { id: number; positions?: LayoutPositions; error?: string };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(positions: LayoutPositions): void; reject(error: Error): void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const request = pending.get(event.data.id);
    if (!request) return;
    pending.delete(event.data.id);
    if (event.data.positions) request.resolve(event.data.positions);
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
    pending.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, input });
  });
}
