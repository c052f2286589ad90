import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { drawersAtom } from './drawerStack';
import { useDrawers } from './useDrawers';

/**
 * A list's item drawer held in the URL (issue 10 point 5: the open item lives in the URL, every item has
 * a deep link): `?<param>=<id>` opens the drawer of that item, so a reload, back/forward and a shared
 * link show it; opening pushes the id, closing the drawer takes it out. `show(id)` opens the drawer
 * (it answers false while it cannot yet, e.g. before the list has loaded, and is asked again).
 * @example const { open } = useUrlDrawer('user', USER_DRAWER, (id) => openUserDrawer(id)); open(user.Guid);
 */
export function useUrlDrawer(param: string, drawerKey: string, show: (id: string) => boolean) {
  const [params, setParams] = useSearchParams();
  const id = params.get(param);
  const isOpen = useAtomValue(drawersAtom).some((drawer) => drawer.key === drawerKey);
  const { close } = useDrawers();
  const shown = useRef<string | null>(null);

  const setId = useCallback(
    (next: string | null, replace: boolean) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next === null) changed.delete(param);
          else changed.set(param, next);
          return changed;
        },
        { replace },
      ),
    [setParams, param],
  );

  // URL → drawer: an id in the URL that is not shown yet opens its drawer. One that was shown and has
  // closed is not opened again: the effect below takes it out of the URL.
  useEffect(() => {
    if (id === null || shown.current === id) return;
    if (show(id)) shown.current = id;
  });

  // Drawer → URL: the drawer closed (Cancel, Escape, the backdrop, a save) takes the id out of the URL.
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current && !isOpen && id !== null && shown.current === id) {
      shown.current = null;
      setId(null, true);
    }
    wasOpen.current = isOpen;
  }, [isOpen, id, setId]);

  // Back from an open drawer: the id left the URL, so the drawer closes (asking first when it has edits).
  useEffect(() => {
    if (id !== null || !isOpen || shown.current === null) return;
    const leaving = shown.current;
    void close(drawerKey).then((closed) => {
      if (closed) shown.current = null;
      else setId(leaving, true);
    });
  }, [id, isOpen, close, drawerKey, setId]);

  return { open: useCallback((next: string) => setId(next, false), [setId]) };
}
