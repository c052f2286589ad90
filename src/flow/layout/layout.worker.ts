/// <reference lib="webworker" />
import ELK from 'elkjs/lib/elk.bundled.js';
import { type LayoutInput, layoutWithElk } from './elkLayout';

/**
 * The layout worker: ELK runs here, off the main thread, so laying out a large flow never blocks the
 * canvas (issue 8: no main-thread task over 50 ms during layout). One request, one answer, matched by id.
 */
const elk = new ELK();

self.onmessage = async (event: MessageEvent<{ id: number; input: LayoutInput }>) => {
  const { id, input } = event.data;
  try {
    self.postMessage({ id, positions: await layoutWithElk(elk, input) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
