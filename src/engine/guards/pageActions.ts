import type { ShortcutAction } from './shortcuts';

type Handlers = Partial<Record<ShortcutAction, () => void>>;
type Layer = { id: number; handlers: { readonly current: Handlers } };

const layers: Layer[] = [];
let nextId = 1;

/**
 * The actions the open page and its layers offer (create, validate, save, publish), as their keyboard
 * shortcuts declare them: useShortcuts registers each layer here, newest (topmost) last. The command
 * palette (issue 10 point 4) runs the topmost layer's actions. Layers declare only what the user may do,
 * so the palette shows only that.
 */
export const pageActions = {
  register(handlers: { readonly current: Handlers }): () => void {
    const id = nextId++;
    layers.push({ id, handlers });
    return () => {
      const index = layers.findIndex((layer) => layer.id === id);
      if (index >= 0) layers.splice(index, 1);
    };
  },
  /** The topmost layer's actions that have a handler, in a fixed order. */
  current(): Array<{ action: ShortcutAction; run: () => void }> {
    const top = layers.at(-1)?.handlers.current ?? {};
    return (['create', 'validate', 'save', 'publish'] as const).flatMap((action) => {
      const run = top[action];
      return run ? [{ action, run }] : [];
    });
  },
};
