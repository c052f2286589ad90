/**
 * Runs `work` once the browser is idle (after it painted what the current task changed, and after any
 * input waiting), or after `timeoutMs` at the latest; where there is no idle callback, in the next task.
 * Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
