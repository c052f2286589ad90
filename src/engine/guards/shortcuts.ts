import { useEffect, useRef } from 'react';
import { PAGE_OVERLAY, topOverlay } from './overlays';

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

/**
 * Runs the handlers of this overlay's shortcuts while it is the topmost one. A confirmation dialog on
 * top takes the keys from every overlay.
 * @example useShortcuts(drawerKey, { save: () => save(), validate: run });
 */
export function useShortcuts(
  overlay: string = PAGE_OVERLAY,
  handlers: Partial<Record<ShortcutAction, () => void>>,
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action) return;
      if (topOverlay() !== overlay || document.querySelector('[role="alertdialog"]')) return;
      const handler = latest.current[action];
      if (!handler) return;
      event.preventDefault();
      event.stopPropagation();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay]);
}
