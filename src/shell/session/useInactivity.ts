import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clockAtom } from '../../state/clock';
import { endSession } from './endSession';
import { type InactivityPhase, inactivityPhase } from './inactivityPhase';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Shared with other tabs, so using the console in one tab keeps the others signed in. */
const STORAGE_KEY = 'lastActivity';
/** Writing local storage on every mouse move is wasteful; a few seconds of lag does not matter at 1200 s. */
const SHARE_EVERY_MS = 5000;

const storedActivity = () => {
  try {
    return Number(globalThis.localStorage?.getItem(STORAGE_KEY)) || 0;
  } catch {
    return 0;
  }
};
const shareActivity = (at: number) => {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, String(at));
  } catch {
    // Storage may be full or blocked; this tab still tracks its own activity.
  }
};

/**
 * Inactivity of spec part 1 §4: after 1200 s without activity the session ends with a warning notice;
 * in the last 60 s the phase is 'warning' with the seconds left, and `stay` (the Continue button)
 * dismisses it. While the warning shows, only Continue counts, so a stray mouse move does not hide it.
 */
export function useInactivity(): { phase: InactivityPhase; stay: () => void } {
  const now = useAtomValue(clockAtom);
  const [mountedAt] = useState(() => Date.now());
  const lastActivity = useRef(mountedAt);
  const lastShared = useRef(0);
  const warning = useRef(false);
  // Continue must hide the warning at once, not on the next tick.
  const [, rerender] = useState(0);

  const record = useCallback((at: number) => {
    lastActivity.current = at;
    if (at - lastShared.current >= SHARE_EVERY_MS) {
      lastShared.current = at;
      shareActivity(at);
    }
  }, []);

  useEffect(() => {
    const onActivity = () => {
      if (!warning.current) record(Date.now());
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [record]);

  const phase = inactivityPhase(Math.max(lastActivity.current, storedActivity()), Math.max(now, mountedAt));
  warning.current = phase.kind === 'warning';

  useEffect(() => {
    if (phase.kind === 'expired') endSession('inactivity');
  }, [phase.kind]);

  const stay = useCallback(() => {
    warning.current = false;
    lastShared.current = 0;
    record(Date.now());
    rerender((count) => count + 1);
  }, [record]);

  return { phase, stay };
}
