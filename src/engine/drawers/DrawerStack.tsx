import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { pushOverlay, topOverlay } from '../guards/overlays';
import { type DrawerEntry, drawersAtom } from './drawerStack';
import { useDrawers } from './useDrawers';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function Drawer({
  entry,
  depth,
  onClose,
}: {
  entry: DrawerEntry /** Position from the bottom of the stack. */;
  depth: number;
  onClose(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => pushOverlay(entry.key), [entry.key]);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>(focusable)?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div
      ref={ref}
      className={`drawer drawer--${entry.size ?? 'medium'}`}
      style={{ ['--drawer-index' as string]: depth }}
      role="dialog"
      aria-modal="true"
      aria-label={entry.title}
      onKeyDown={(event) => {
        if (
          event.key === 'Escape' &&
          topOverlay() === entry.key &&
          !document.querySelector('[role="alertdialog"]')
        ) {
          event.stopPropagation();
          onClose();
        }
        if (event.key === 'Tab' && ref.current) {
          const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
          const first = items[0];
          const last = items.at(-1);
          if (event.shiftKey && document.activeElement === first) {
            last?.focus();
            event.preventDefault();
          } else if (!event.shiftKey && document.activeElement === last) {
            first?.focus();
            event.preventDefault();
          }
        }
      }}
    >
      <header className="drawer__header">
        <h2 className="drawer__title">{entry.title}</h2>
        <button type="button" className="drawer__close" aria-label={`Close ${entry.title}`} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="drawer__body">{entry.content}</div>
    </div>
  );
}

/**
 * The drawer stack: stacked drawers are offset 3rem each at tablet width or less, else 6rem (spec part 1
 * §9); clicking the background closes the top one; all close when the page changes.
 */
export function DrawerStack() {
  const drawers = useAtomValue(drawersAtom);
  const { close, closeAll } = useDrawers();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current !== pathname) closeAll();
    previousPath.current = pathname;
  }, [pathname, closeAll]);

  if (drawers.length === 0) return null;
  const top = drawers.at(-1)!;
  return (
    <div className="drawer-stack">
      <div className="drawer-stack__backdrop" aria-hidden="true" onClick={() => void close(top.key)} />
      {drawers.map((entry, index) => (
        <Drawer key={entry.key} entry={entry} depth={index} onClose={() => void close(entry.key)} />
      ))}
    </div>
  );
}
