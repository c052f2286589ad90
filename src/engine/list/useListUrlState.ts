import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '../../ui/debounce';
import { whenIdle } from '../../ui/whenIdle';

/** What a list shows, as its URL parameters hold it (`sort` as the URL names it, if it does). */
interface ListValues {
  search: string;
  sort: string | null;
  descending: boolean;
  page: number;
}

const keyOf = (values: ListValues) =>
  JSON.stringify([values.search, values.sort, values.descending, values.page]);

/** The URL is written once the list has been still this long, */
const URL_QUIET_MS = 150;
/** and then when the browser is idle after that frame, within a quarter second at the latest. */
const URL_WRITE_MS = 250;

/**
 * A list's search, sort and page held in the URL (?q=&sort=&dir=&page=, each with `paramPrefix` when a
 * page holds two lists), so reload, back/forward and shared links restore the view. The search box's
 * text reaches the list 200 ms after typing stops (spec part 1 §9 search debounce). Both list
 * controllers (rows in the browser, rows paged by the server) read their state from here.
 *
 * A change shows first and reaches the URL once the list has been still for 150 ms, when the browser is
 * next idle (within 250 ms more): the list holds what it shows in its own state, so a search or a sort
 * re-renders the list alone and paints within the frame (issue 20 point 2). The URL write re-renders
 * every part of the page that reads the location (menu, links, title), in a transition the router
 * starts; written after each of quick changes (sort, sort again, next page), that render was still
 * under way when the next change came, and its remaining work ran before the next change's paint. Quick
 * changes now make one write, after the last. A navigation that is not the list's own (back, forward,
 * a link) still sets what the list shows.
 */
export function useListUrlState(options: { defaultSort?: string | undefined; paramPrefix?: string }) {
  const { paramPrefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const key = (name: string) => `${paramPrefix}${name}`;
  const inUrl: ListValues = {
    search: params.get(key('q')) ?? '',
    sort: params.get(key('sort')),
    descending: params.get(key('dir')) === 'desc',
    page: Math.max(1, Number(params.get(key('page')) ?? '1') || 1),
  };
  const urlKey = keyOf(inUrl);
  const [values, setValues] = useState(inUrl);
  const [typed, setTyped] = useState(inUrl.search);
  // The values the list last sent to the URL: when the URL comes to hold them, it is the list's own
  // write landing (perhaps after newer changes), not a navigation to follow.
  const written = useRef(urlKey);
  const [seen, setSeen] = useState(urlKey);
  if (urlKey !== seen) {
    setSeen(urlKey);
    if (urlKey !== written.current) {
      written.current = urlKey;
      setValues(inUrl);
      setTyped(inUrl.search);
    }
  }

  const latest = useRef(values);
  latest.current = values;
  /** URL parameters changed since the last write, by name without the prefix ('' or null: removed). */
  const unwritten = useRef<Record<string, string | null> | null>(null);
  /** Cancels the write scheduled last, if it has not run. */
  const cancelWrite = useRef(() => {});
  // A write due after the list left the page would navigate from wherever the user went.
  useEffect(() => () => cancelWrite.current(), []);
  const writeUrl = useCallback(() => {
    const changes = unwritten.current;
    unwritten.current = null;
    if (!changes) return;
    written.current = keyOf(latest.current);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(`${paramPrefix}${name}`);
          else next.set(`${paramPrefix}${name}`, value);
        }
        return next;
      },
      { replace: true },
    );
  }, [setParams, paramPrefix]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const merged = { ...unwritten.current, ...changes };
      const value = (name: string, current: string | null) =>
        name in merged ? (merged[name] === '' ? null : merged[name]!) : current;
      const now = latest.current;
      const next: ListValues = {
        search: value('q', now.search) ?? '',
        sort: value('sort', now.sort),
        descending: value('dir', now.descending ? 'desc' : null) === 'desc',
        page: Math.max(1, Number(value('page', String(now.page)) ?? '1') || 1),
      };
      latest.current = next;
      setValues(next);
      unwritten.current = merged;
      cancelWrite.current();
      let cancelIdle = () => {};
      const timer = setTimeout(() => {
        cancelIdle = whenIdle(writeUrl, URL_WRITE_MS);
      }, URL_QUIET_MS);
      cancelWrite.current = () => {
        clearTimeout(timer);
        cancelIdle();
      };
    },
    [writeUrl],
  );

  const { search, descending, page } = values;
  const sortId = values.sort ?? options.defaultSort;
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  return {
    /** The search the rows are filtered by (the URL's), and the text in the box (`typed`). */
    search,
    typed,
    setTyped,
    sortId,
    descending,
    page,
    /** A column header clicked: ascending first, then descending; the default sort leaves the URL. */
    toggleSort(id: string) {
      update({
        sort: id === options.defaultSort && sortId === id && descending ? null : id,
        dir: sortId === id && !descending ? 'desc' : null,
        page: null,
      });
    },
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
  };
}
