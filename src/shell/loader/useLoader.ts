import { useCallback, useEffect } from 'react';
import { loaderRegistry } from './loaderRegistry';

/**
 * Shows the loading overlay while `active` is true (and the caller is mounted), and answers `track`,
 * which shows it while a promise runs (spec part 1 §2 'Shell layers').
 * @example useLoader(query.isFetching); const track = useLoader(); await track(save());
 */
export function useLoader(active = false): <T>(work: Promise<T>) => Promise<T> {
  useEffect(() => (active ? loaderRegistry.register() : undefined), [active]);
  return useCallback(async <T>(work: Promise<T>) => {
    const done = loaderRegistry.register();
    try {
      return await work;
    } finally {
      done();
    }
  }, []);
}
