import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useFocusTrap } from '../../shell/overlays/useFocusTrap';
import { useOverlayLayer } from '../../shell/overlays/useOverlayLayer';
import { type DrawerEntry, drawersAtom } from './drawerStack';
import { useDrawers } from './useDrawers';

/** Which drawer is the topmost overlay, so its shortcuts (and only its) react. */
const topDrawerAtom = atom<string | null>(null);

export function useDrawerIsTop(key: string): boolean {
  return useAtomValue(topDrawerAtom) === key;
}

function Drawer({
  entry,
  index,
  onClose,
}: {
  entry: DrawerEntry /** Position from the bottom of the stack. */;
  index: number;
  onClose(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isTop = useOverlayLayer(true, onClose);
  const setTop = useSetAtom(topDrawerAtom);
  useFocusTrap(ref, isTop);
  useEffect(() => {
    if (isTop) setTop(entry.key);
  }, [isTop, entry.key, setTop]);
  return (
    <div
      ref={ref}
      className={`drawer drawer--${entry.size ?? 'medium'}`}
      style={{ ['--drawer-index' as string]: index }}
      role="dialog"
      aria-modal="true"
      aria-label={entry.title}
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
 * The drawer stack (spec part 2 §2 'Drawers'): stacked drawers are offset 3rem each at tablet width or
 * less, else 6rem (part 1 §9); Escape and a click on the background close the top one, asking first
 * when it holds unsaved changes; all close when the page changes.
 */
export function DrawerStack() {
  const drawers = useAtomValue(drawersAtom);
  const setTop = useSetAtom(topDrawerAtom);
  const { close, closeAll } = useDrawers();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current !== pathname) closeAll();
    previousPath.current = pathname;
  }, [pathname, closeAll]);

  useEffect(() => {
    if (drawers.length === 0) setTop(null);
  }, [drawers.length, setTop]);

  if (drawers.length === 0) return null;
  const top = drawers.at(-1)!;
  return (
    <div className="drawer-stack">
      <div className="drawer-stack__backdrop" aria-hidden="true" onClick={() => void close(top.key)} />
      {drawers.map((entry, index) => (
        <Drawer key={entry.key} entry={entry} index={index} onClose={() => void close(entry.key)} />
      ))}
    </div>
  );
}
