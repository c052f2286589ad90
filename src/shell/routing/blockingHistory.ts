import type { ComponentProps } from 'react';
import { createContext, useContext } from 'react';
import type { Location, To, unstable_HistoryRouter } from 'react-router-dom';

/** The history a router reads and moves: react-router's own browser or memory history. */
export type RouterHistory = ComponentProps<typeof unstable_HistoryRouter>['history'];

export interface LeaveAttempt {
  currentLocation: Location;
  nextLocation: Location;
}

/** A move that waits for an answer: go on with it, or stay where the user is. */
export interface HeldMove {
  proceed(): void;
  stay(): void;
}

export interface Blocker {
  /** Whether this move must wait for an answer. */
  holds(attempt: LeaveAttempt): boolean;
  /** Called with each held move; exactly one of its two calls answers it. */
  held(move: HeldMove): void;
}

export interface BlockingHistory extends RouterHistory {
  /** Holds moves `blocker` says to hold, until it answers; one blocker at a time. Answers the release. */
  block(blocker: Blocker): () => void;
}

/**
 * A history whose moves can be held for a question (the unsaved-changes Leave / Stay, LeaveGuard), as
 * react-router's useBlocker does — which exists only with its data router. The signed-in console routes
 * with a plain router over this history instead: the data router more than doubled react-router's share
 * of the signed-in first load (issue 20 point 1).
 *
 * Links and navigate() are held before the address changes. Back and forward change it before anyone
 * hears: a held one is undone at once (`go(-delta)`) and done again if the answer is to go on. While a
 * move waits for its answer, any other is refused.
 *
 * `inner` must tell its listener about every move (`v5Compat: true`).
 */
export function blockingHistory(inner: RouterHistory): BlockingHistory {
  let blocker: Blocker | undefined;
  let waiting = false;
  // Pops this history makes itself: undoing a held back or forward (not heard), redoing it (let through).
  let undoing = 0;
  let redoing = false;
  let shown = inner.location;

  const nextLocation = (to: To, state: unknown): Location => ({
    ...inner.encodeLocation(to),
    state,
    key: '',
  });

  /** Runs `go` unless the blocker holds the move; `undo` first puts back a move that already happened. */
  function attempt(next: Location, go: () => void, undo?: () => void): void {
    if (waiting) {
      undo?.();
      return;
    }
    if (!blocker?.holds({ currentLocation: shown, nextLocation: next })) {
      go();
      return;
    }
    undo?.();
    waiting = true;
    blocker.held({
      proceed: () => {
        waiting = false;
        go();
      },
      stay: () => {
        waiting = false;
      },
    });
  }

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    go: (delta) => inner.go(delta),
    push: (to, state) => attempt(nextLocation(to, state), () => inner.push(to, state)),
    replace: (to, state) => attempt(nextLocation(to, state), () => inner.replace(to, state)),
    listen(listener) {
      return inner.listen((update) => {
        const forward = () => {
          shown = update.location;
          listener(update);
        };
        if (update.action !== 'POP') return forward();
        if (undoing > 0) {
          undoing -= 1;
          return;
        }
        if (redoing || update.delta === null) {
          redoing = false;
          return forward();
        }
        const { delta } = update;
        attempt(
          update.location,
          () => {
            // Going on after the question: the address was put back, so move it again.
            if (inner.location.key === update.location.key) return forward();
            redoing = true;
            inner.go(delta);
          },
          () => {
            undoing += 1;
            inner.go(-delta);
          },
        );
      });
    },
    block(next) {
      blocker = next;
      return () => {
        if (blocker === next) blocker = undefined;
      };
    },
  };
}

/** The signed-in router's history, for LeaveGuard; null outside it. */
export const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

export function useBlockingHistory(): BlockingHistory | null {
  return useContext(BlockingHistoryContext);
}
