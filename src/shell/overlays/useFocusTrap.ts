import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `container` while `active` (accessibility of the shell layers, spec part 1
 * §2): focuses its `[data-autofocus]` element (else the first focusable one) on open, cycles Tab and
 * Shift+Tab within it, brings focus back when a click beside it drops focus, and gives focus back to
 * where it was on close.
 *
 * Overlays stack: one that stops being active while still shown (another overlay opened over it) leaves
 * focus alone, the one on top takes it and gives it back to the control that opened it when it closes,
 * and the one below, active again, keeps focus where that left it.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  /** A new value focuses afresh, e.g. when another dialog takes the same container. */
  resetKey?: unknown,
): void {
  // Where focus was before the overlay opened, outside it; kept while other overlays cover it.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = () => root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? root;
    if (current && root.contains(current)) {
      // Active again after an overlay over it closed and gave focus back to a control in here.
      if (resetKey !== undefined) first().focus();
    } else {
      if (!opener.current?.isConnected) opener.current = current;
      first().focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      event.preventDefault();
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? index <= 0
          ? items.at(-1)
          : items[index - 1]
        : index === -1 || index === items.length - 1
          ? items[0]
          : items[index + 1];
      next?.focus();
    };
    // A click on the backdrop moves focus to nowhere (relatedTarget null): take it back. Focus moving
    // into another modal layer stacked on this one is left alone.
    let refocus: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Element && (root.contains(next) || next.closest('[aria-modal="true"]'))) return;
      if (next !== null) return;
      clearTimeout(refocus);
      refocus = setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) first().focus();
      });
    };
    // Listening on the container, not the document: stacked overlays each keep their own focus.
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      clearTimeout(refocus);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
      // Closed (gone or hidden): focus goes back to the opener. Covered by another overlay: left alone.
      const closed = !root.isConnected || root.closest('[hidden]') !== null;
      if (closed && opener.current?.isConnected) opener.current.focus();
      if (closed) opener.current = null;
    };
  }, [container, active, resetKey]);
}
