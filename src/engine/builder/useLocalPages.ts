import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../ui/whenIdle';
import { type LocalPages, localPages } from '../list/localPages';
import type { AnyBuilder } from './BuilderDefinition';
import { listQuery } from './builderQueries';

/**
 * Up to this many items a list the server pages is loaded whole (about 430 bytes a connection: 4 MB
 * at 10,000, fetched once and shared with the editor's uniqueness check, which loads the same list).
 */
export const LOCAL_LIST_LIMIT = 20_000;

/** Each step of preparing the whole list waits for an idle moment, two seconds at most. */
const PREPARE_STEP_MS = 2000;

/**
 * The whole list of a builder that declares `localPaging`, as pages the browser searches and sorts,
 * once `total` (the whole list's count, from an unsearched page of the server's) is small enough; undefined
 * until then, or when the whole list cannot be had, so the server's pages go on. The whole list already
 * in the cache (the editor loaded it) is used at once. The orders of the columns' fields and the search
 * texts are prepared while the browser is idle, so no query pays for them.
 */
export function useLocalPages(
  builder: AnyBuilder,
  scope: { connection?: string | undefined },
  total: number | undefined,
): LocalPages<object> | undefined {
  const declared = builder.localPaging;
  // Once wanted, for the scope it was wanted in, a later searched page's count does not undo it.
  const [wantedIn, setWantedIn] = useState<string | null>();
  const here = scope.connection ?? null;
  const small = Boolean(declared && total !== undefined && total <= LOCAL_LIST_LIMIT);
  useEffect(() => {
    if (small) setWantedIn(here);
  }, [small, here]);
  const base = listQuery(builder, scope);
  const whole = useQuery({
    ...base,
    enabled: Boolean(declared) && wantedIn === here && base.enabled !== false,
  });
  const pages = useMemo(
    () => (declared && whole.data ? localPages(whole.data, declared) : undefined),
    [declared, whole.data],
  );

  useEffect(() => {
    if (!pages) return;
    const work: Array<() => void> = [() => pages.prepare()];
    for (const column of builder.columns)
      for (const descending of [false, true]) work.push(() => pages.prepare(column.field, descending));
    let cancel = () => {};
    const next = () => {
      const step = work.shift();
      if (!step) return;
      cancel = whenIdle(() => {
        step();
        next();
      }, PREPARE_STEP_MS);
    };
    next();
    return () => cancel();
  }, [pages, builder.columns]);

  return pages;
}
