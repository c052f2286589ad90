import { afterNextPaint } from './afterNextPaint';

/**
 * Runs `work` once the browser is idle after painting what the current task changed, or `timeoutMs`
 * after that paint at the latest; where there is no idle callback, in the task after the paint.
 * Answers a function that cancels it.
 *
 * The paint comes first because Chrome grants idle time before a frame that is not yet due: an idle
 * callback alone ran between a list search's render and its paint, and its work (the URL write's
 * re-render of the page) delayed what the search showed (issue 20 point 2).
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  let cancelIdle = () => {};
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(work, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
