import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle';

describe('whenIdle (issue 20 point 2: idle work never runs before the change it follows is painted)', () => {
  let frames: FrameRequestCallback[];
  let idle: IdleRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    idle = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const runIdle = () => {
    for (const callback of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 10 });
  };

  it('asks for idle time only once the next frame is painted', () => {
    const work = vi.fn();
    whenIdle(work, 250);
    expect(idle).toHaveLength(0);
    frames[0]!(0);
    vi.advanceTimersByTime(0);
    expect(idle).toHaveLength(1);
    expect(work).not.toHaveBeenCalled();
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['before the paint', () => {}],
    [
      'after the paint, before the idle time',
      () => {
        frames[0]!(0);
        vi.advanceTimersByTime(0);
      },
    ],
  ])('does not run once cancelled %s', (_, until) => {
    const work = vi.fn();
    const cancel = whenIdle(work, 250);
    until();
    cancel();
    frames[0]?.(0);
    vi.advanceTimersByTime(1000);
    runIdle();
    expect(work).not.toHaveBeenCalled();
  });
});
