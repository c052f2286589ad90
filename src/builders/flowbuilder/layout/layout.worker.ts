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
    const positions = await layoutWithElk(elk, input);
    // The corners as one transferred buffer, in the order of the request's nodes: nothing to copy or
    // parse on the main thread, where reading 1,000 cloned objects was the longest task of a layout.
    const xy = new Float64Array(input.nodes.length * 2);
    input.nodes.forEach((node, index) => {
      const position = positions[node.id];
      xy[index * 2] = position?.x ?? 0;
      xy[index * 2 + 1] = position?.y ?? 0;
    });
    self.postMessage({ id, xy }, [xy.buffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
