import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useValidationRun, VALIDATION_DELAY_MS } from './useValidationRun';

const error = (path: string) => ({ path, messageKey: 'enterValue', message: 'Please enter a value' });

describe('useValidationRun (spec part 1 §4 "Item life cycle": validation run)', () => {
  it('clears, waits 1 ms, collects the errors, and is valid only with none (part 1 §4, §9)', async () => {
    vi.useFakeTimers();
    const validate = vi.fn(() => [error('/Name'), error('/Type')]);
    const { result } = renderHook(() => useValidationRun(validate));
    expect(result.current.status).toBe('required');
    let run!: Promise<unknown>;
    act(() => {
      run = result.current.run();
    });
    expect(result.current.status).toBe('running');
    expect(result.current.errors).toEqual([]);
    expect(validate).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VALIDATION_DELAY_MS);
      await run;
    });
    expect(validate).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('invalid');
    expect(result.current.errors.map((entry) => entry.path)).toEqual(['/Name', '/Type']);
    vi.useRealTimers();
  });

  it('an edit sets the status back to requires validation (part 1 §4: any edit marks it not validated)', async () => {
    const { result } = renderHook(() => useValidationRun(() => []));
    await act(async () => {
      await result.current.run();
    });
    expect(result.current.status).toBe('valid');
    act(() => result.current.invalidate());
    expect(result.current.status).toBe('required');
  });

  it('a run overtaken by an edit does not report a stale result', async () => {
    let resolve!: (errors: never[]) => void;
    const { result } = renderHook(() =>
      useValidationRun(() => new Promise<never[]>((done) => (resolve = done))),
    );
    let run!: Promise<unknown>;
    act(() => {
      run = result.current.run();
    });
    await act(async () => {
      await new Promise((done) => setTimeout(done, 5));
    });
    act(() => result.current.invalidate());
    await act(async () => {
      resolve([]);
      await run;
    });
    expect(result.current.status).toBe('required');
  });
});
