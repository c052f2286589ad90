/**
 * `compute` kept by key, for values worked out from text a hot path meets again and again (a path
 * called, a template, a BaseUrl): at most `limit` keys, and when full it starts over, so text a caller
 * chooses cannot grow it. A computed null is kept like any value; `compute` answers no undefined.
 */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
