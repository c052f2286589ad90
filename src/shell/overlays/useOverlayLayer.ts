import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { overlayStack } from './overlayStack';

/**
 * Puts an overlay on the overlay stack while `open`; Escape calls `onEscape` when it is the topmost.
 * Answers whether it is the topmost, for keyboard shortcuts (spec part 1 §2).
 * @example const isTop = useOverlayLayer(open, () => close());
 */
export function useOverlayLayer(open: boolean, onEscape: () => void): boolean {
  const [id, setId] = useState<number | null>(null);
  const handler = useRef(onEscape);
  handler.current = onEscape;
  useEffect(() => {
    if (!open) return;
    const layer = overlayStack.push(() => handler.current());
    setId(layer);
    return () => {
      overlayStack.remove(layer);
      setId(null);
    };
  }, [open]);
  return useSyncExternalStore(
    overlayStack.subscribe,
    () => id !== null && overlayStack.isTop(id),
    () => false,
  );
}
