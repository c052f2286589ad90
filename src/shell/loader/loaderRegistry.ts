type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * The loading overlay's registry (spec part 1 §2 'Shell layers': the loader is active while any loading
 * element is registered). Usable outside React, e.g. around a query function; inside components prefer
 * `useLoader`. Module state rather than jotai, so a loader started just before logout cannot leak into
 * the next session's store: it is counted until its own unregister.
 */
export const loaderRegistry = {
  /**
   * Registers one loading element; call the answer to unregister it (twice is harmless).
   * @example const done = loaderRegistry.register(); try { await save(); } finally { done(); }
   */
  register(): () => void {
    count++;
    changed();
    let registered = true;
    return () => {
      if (!registered) return;
      registered = false;
      count--;
      changed();
    };
  },
  active: () => count > 0,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
