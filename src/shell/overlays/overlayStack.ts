type Listener = () => void;

interface Layer {
  id: number;
  onEscape: () => void;
}

const layers: Layer[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

const changed = () => {
  for (const listener of listeners) listener();
};

const onKeyDown = (event: KeyboardEvent) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = layers.at(-1);
  if (!top) return;
  event.preventDefault();
  top.onEscape();
};

/**
 * The open overlays (dialogs, drawers, inactivity warning, the small-screen menu), newest on top.
 * "Only the topmost open overlay reacts" (spec part 1 §2): Escape closes the top one only, and keyboard
 * shortcuts can ask `isTop(id)` (or `depth()` for the page itself, which is top when it is 0).
 */
export const overlayStack = {
  push(onEscape: () => void): number {
    const id = nextId++;
    layers.push({ id, onEscape });
    if (layers.length === 1) globalThis.document?.addEventListener('keydown', onKeyDown);
    changed();
    return id;
  },
  remove(id: number): void {
    const index = layers.findIndex((layer) => layer.id === id);
    if (index < 0) return;
    layers.splice(index, 1);
    if (layers.length === 0) globalThis.document?.removeEventListener('keydown', onKeyDown);
    changed();
  },
  isTop: (id: number) => layers.at(-1)?.id === id,
  depth: () => layers.length,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
