import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from '../../ui/afterNextPaint';

/**
 * Text typed into a form's field reaches the form after the keystroke's frame is painted: the field
 * shows the key at once from its own state, and RJSF's re-render of the whole form (its state
 * derivation, the change report, the editor around it) runs after the paint instead of before it
 * (issue 20 point 3: even the slowest key of a 500-field form paints within one frame).
 *
 * At most one field's text waits at a time. Anything that may act on the form first hands it over:
 * a pointer press or click anywhere, a key that is not plain typing in that field (Ctrl+S, Enter,
 * Escape, Tab…), typing into another field, the field losing focus.
 */

interface Waiting {
  element: Element | null;
  /** Renders the form with the typed value, synchronously. */
  commit(): void;
  cancel(): void;
}

let waiting: Waiting | null = null;

/** Hands the text waiting for the next paint to its form now, and renders the form with it. */
export function flushTypedText(): void {
  const current = waiting;
  if (!current) return;
  waiting = null;
  current.cancel();
  flushSync(current.commit);
}

/** Keys that only edit the text of the field they are typed in. */
const editsText = (event: KeyboardEvent) =>
  !event.ctrlKey &&
  !event.metaKey &&
  !event.altKey &&
  (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete');

let listening = false;
function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  // Capture on the document runs before React's own listeners on its root, so a handler that reads
  // the form (save, validate, close) sees the text.
  const flush = () => flushTypedText();
  document.addEventListener('pointerdown', flush, true);
  document.addEventListener('click', flush, true);
  document.addEventListener(
    'keydown',
    (event) => {
      if (waiting && (event.target !== waiting.element || !editsText(event))) flushTypedText();
    },
    true,
  );
}

/**
 * A text field's shown text and its change handler: `type(text, value, element)` shows `text` at once
 * and hands `value` to `onChange` after the next paint (or sooner, see above); `typed` is the text
 * shown meanwhile, undefined when the form holds what the field shows.
 */
export function useTypedText<V>(onChange: (next: V) => void): {
  typed: string | undefined;
  type(text: string, next: V, element: Element | null): void;
  flush(): void;
} {
  const [typed, setTyped] = useState<string | undefined>();
  const latest = useRef(onChange);
  latest.current = onChange;
  const mine = useRef<Waiting | null>(null);

  const flush = useCallback(() => {
    if (mine.current && waiting === mine.current) flushTypedText();
  }, []);

  const type = useCallback((text: string, next: V, element: Element | null) => {
    if (waiting && waiting !== mine.current) flushTypedText();
    listen();
    setTyped(text);
    mine.current?.cancel();
    const entry: Waiting = {
      element,
      // The form renders with the value before the task ends, so a next key starts from it.
      commit: () =>
        flushSync(() => {
          if (mine.current === entry) mine.current = null;
          setTyped(undefined);
          latest.current(next);
        }),
      cancel: () => {},
    };
    entry.cancel = afterNextPaint(() => {
      if (waiting !== entry) return;
      waiting = null;
      entry.commit();
    });
    mine.current = entry;
    waiting = entry;
  }, []);

  // A field that goes away first lost its pointer or key to whatever removed it (a click, Escape,
  // a link), which handed its text over; what waits still is dropped with the form it was for.
  useEffect(
    () => () => {
      const entry = mine.current;
      if (!entry || waiting !== entry) return;
      waiting = null;
      entry.cancel();
    },
    [],
  );

  return { typed, type, flush };
}
