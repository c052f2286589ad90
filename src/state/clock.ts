import { atom } from 'jotai';

/** The clock tick of spec part 1 §9: one second. */
export const CLOCK_TICK_MS = 1000;

/**
 * The one clock of the console: the time in milliseconds, updated every second while anything reads it.
 * Token refresh and inactivity both derive their decisions from it (spec part 1 §4, §9), comparing
 * timestamps rather than counting ticks, so a throttled background tab or a fast-forwarded test clock
 * still decides right on the next tick.
 */
export const clockAtom = atom(Date.now());
clockAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
};
