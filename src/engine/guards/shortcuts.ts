import { useEffect, useRef, useSyncExternalStore } from 'react';
import { overlayStack } from '../../shell/overlays/overlayStack';
import { pageActions } from './pageActions';

export type ShortcutAction = 'save' | 'publish' | 'validate' | 'create';

/** Ctrl/Cmd+S saves, Ctrl/Cmd+Shift+P publishes, +Shift+V validates, +Shift+C creates (spec part 1 §2). */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): ShortcutAction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey) return key === 's' ? 'save' : null;
  return ({ p: 'publish', v: 'validate', c: 'create' } as const)[key as 'p' | 'v' | 'c'] ?? null;
}

/** Whether the page itself is the topmost layer: no drawer, dialog or warning above it. */
export function usePageIsTop(): boolean {
  return useSyncExternalStore(
    overlayStack.subscribe,
    () => overlayStack.depth() === 0,
    () => true,
  );
}

/**
 * Runs the handlers of a layer's shortcuts while it is the topmost one (spec part 1 §2 'Only the
 * topmost open overlay reacts'). Pages pass usePageIsTop(); drawers pass what useOverlayLayer answers.
 * @example useShortcuts(usePageIsTop(), { save: () => save(), validate: run });
 */
export function useShortcuts(active: boolean, handlers: Partial<Record<ShortcutAction, () => void>>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  // The command palette offers the same actions (issue 10 point 4), whichever layer is on top.
  useEffect(() => pageActions.register(latest), []);
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      event.stopPropagation();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
