import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap } from './useFocusTrap';

/** An overlay with two buttons, trapped while `active`; `hidden` keeps it in the page, hidden. */
function Overlay({ name, active, hidden }: { name: string; active: boolean; hidden?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, active);
  return (
    <div ref={ref} hidden={hidden}>
      <button type="button">{name} first</button>
      <button type="button">{name} opener</button>
    </div>
  );
}

/** A page with an overlay and, over it, a second one; the lower one is trapped while it is on top. */
function Page() {
  const [state, setState] = useState({ lower: false, upper: false, menu: false });
  (globalThis as { setOverlays?: typeof setState }).setOverlays = setState;
  return (
    <>
      <button type="button">page opener</button>
      {state.lower && <Overlay name="lower" active={!state.upper} />}
      {state.upper && <Overlay name="upper" active />}
      <Overlay name="menu" active={state.menu} hidden={!state.menu} />
    </>
  );
}

const set = (next: { lower?: boolean; upper?: boolean; menu?: boolean }) =>
  act(() =>
    (globalThis as { setOverlays?: (update: (state: object) => object) => void }).setOverlays?.((state) => ({
      ...state,
      ...next,
    })),
  );
const focused = () => document.activeElement?.textContent;
const focus = (text: string) => act(() => screen.getByText(text).focus());

describe('focus in stacked overlays (spec part 1 §2 "Shell layers": only the topmost reacts)', () => {
  it('the overlay on top takes focus and gives it back to its opener; the one below keeps it there', () => {
    render(<Page />);
    focus('page opener');
    set({ lower: true });
    expect(focused()).toBe('lower first');
    focus('lower opener');
    set({ upper: true });
    expect(focused()).toBe('upper first');
    // Covered, the lower overlay left focus alone; the upper one closes and gives it back.
    set({ upper: false });
    expect(focused()).toBe('lower opener');
    set({ lower: false });
    expect(focused()).toBe('page opener');
  });

  it('an overlay that stays in the page, hidden when closed, gives focus back too', () => {
    render(<Page />);
    focus('page opener');
    set({ menu: true });
    expect(focused()).toBe('menu first');
    set({ menu: false });
    expect(focused()).toBe('page opener');
  });
});
