/** Where no frame comes (a hidden tab, a test without frames), the task runs after this long anyway. */
export const NO_FRAME_FALLBACK_MS = 100;

/**
 * Runs `task` once the next frame has been painted: a task queued from requestAnimationFrame runs after
 * that frame's paint, so work scheduled here never delays what the current event shows (issue 20 point 3:
 * a keystroke in a 500-field form paints before the editor around the form re-renders and re-checks the
 * draft). Answers a cancel function.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false;
  let frame: number | undefined;
  let queued: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, NO_FRAME_FALLBACK_MS);
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => {
      queued = setTimeout(run, 0);
    });
  return () => {
    done = true;
    clearTimeout(fallback);
    if (queued !== undefined) clearTimeout(queued);
    if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  };
}
