import { describe, expect, it } from 'vitest';
import {
  INACTIVITY_SECONDS,
  type InactivityPhase,
  inactivityPhase,
  WARNING_SECONDS,
} from './inactivityPhase';

const start = 5_000_000;
const after = (seconds: number) => start + seconds * 1000;

describe('inactivityPhase', () => {
  it.each<[number, InactivityPhase, string]>([
    [0, { kind: 'active' }, 'spec part 1 §4 Inactivity: just active'],
    [1139, { kind: 'active' }, 'spec part 1 §4: no warning before the last 60 s'],
    [1139.5, { kind: 'active' }, 'spec part 1 §4: 60.5 s left is not yet the last 60 s'],
    [1140, { kind: 'warning', secondsLeft: 60 }, 'spec part 1 §4: countdown starts at 60'],
    [1140.5, { kind: 'warning', secondsLeft: 60 }, 'spec part 1 §4: 59.5 s left still reads 60'],
    [1141, { kind: 'warning', secondsLeft: 59 }, 'spec part 1 §9: the clock ticks every second'],
    [1199, { kind: 'warning', secondsLeft: 1 }, 'spec part 1 §4: countdown in seconds'],
    [1199.9, { kind: 'warning', secondsLeft: 1 }, 'spec part 1 §4: rounds up, never shows 0'],
    [1200, { kind: 'expired' }, 'spec part 1 §4: logged out after 1200 s'],
    [5000, { kind: 'expired' }, 'spec part 1 §4: a sleeping laptop wakes up expired'],
    [-10, { kind: 'active' }, 'a clock that went backwards counts as activity'],
  ])('%d s idle → %j (%s)', (seconds, phase) => {
    expect(inactivityPhase(start, after(seconds))).toEqual(phase);
  });

  it('uses the limits of spec part 1 §9', () => {
    expect([INACTIVITY_SECONDS, WARNING_SECONDS]).toEqual([1200, 60]);
  });
});
