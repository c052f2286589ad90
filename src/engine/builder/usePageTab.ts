import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a page with tabs, kept in the URL (?tab=) so reload, back and shared links keep it. The
 * first tab is the default and leaves the URL clean; an unknown value falls back to it.
 * @example const [tab, selectTab] = usePageTab(['restApis', 'apiUsers'] as const);
 */
export function usePageTab<Id extends string>(ids: readonly [Id, ...Id[]], param = 'tab') {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const current = ids.find((id) => id === asked) ?? ids[0];
  const select = useCallback(
    (id: Id) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id === ids[0]) next.delete(param);
        else next.set(param, id);
        return next;
      }),
    [ids, param, setParams],
  );
  return [current, select] as const;
}
