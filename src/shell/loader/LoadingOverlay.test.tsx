import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './LoadingOverlay';
import { loaderRegistry } from './loaderRegistry';
import { useLoader } from './useLoader';

const overlay = () => screen.queryByRole('status', { name: 'Loading' });

let setActive: (active: boolean) => void = () => {};
let track: <T>(work: Promise<T>) => Promise<T> = (work) => work;

/** A page that shows the loader while its state says so, and hands out its `track`. */
function Page() {
  const [active, set] = useState(false);
  setActive = set;
  track = useLoader(active);
  return null;
}

describe('the loading overlay (spec part 1 §2 "Shell layers": active while any loader is registered)', () => {
  it('stays while any of several loaders is registered, and unregistering twice is harmless', () => {
    render(<LoadingOverlay />);
    expect(overlay()).toBeNull();
    let first = () => {};
    let second = () => {};
    act(() => {
      first = loaderRegistry.register();
      second = loaderRegistry.register();
    });
    expect(overlay()).not.toBeNull();
    act(() => first());
    act(() => first());
    expect(overlay()).not.toBeNull();
    act(() => second());
    expect(overlay()).toBeNull();
  });

  it('useLoader registers while active and mounted, and tracks a promise', async () => {
    const page = render(
      <>
        <Page />
        <LoadingOverlay />
      </>,
    );
    expect(overlay()).toBeNull();
    act(() => setActive(true));
    expect(overlay()).not.toBeNull();
    act(() => setActive(false));
    expect(overlay()).toBeNull();

    let finish: (value: string) => void = () => {};
    let tracked: Promise<string> = Promise.resolve('');
    act(() => {
      tracked = track(new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(overlay()).not.toBeNull();
    await act(async () => {
      finish('done');
      expect(await tracked).toBe('done');
    });
    expect(overlay()).toBeNull();

    act(() => setActive(true));
    page.unmount();
    expect(loaderRegistry.active()).toBe(false);
  });
});
