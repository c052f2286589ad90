import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, NO_FRAME_FALLBACK_MS } from './afterNextPaint';

describe('afterNextPaint (issue 20 point 3: editor work after the keystroke is painted)', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next frame, not before it', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    frames[0]!(0);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NO_FRAME_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway where no frame comes (a hidden tab)', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(NO_FRAME_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
    frames[0]!(0);
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', () => {
    const task = vi.fn();
    const cancel = afterNextPaint(task);
    frames[0]!(0);
    cancel();
    vi.advanceTimersByTime(NO_FRAME_FALLBACK_MS);
    expect(task).not.toHaveBeenCalled();
  });
});
