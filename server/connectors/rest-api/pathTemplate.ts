/**
 * A declared operation's path with its `{name}` placeholders filled (issue 30 point 3), each value one
 * path segment: percent-encoded, so a value cannot add segments, a query or a fragment; a value that is
 * `.` or `..` is encoded too, since URL parsing would otherwise climb out of the base path with it.
 * A placeholder without a value is `missing`; the caller decides what that means.
 */
export function fillPath(
  template: string,
  values: Readonly<Record<string, unknown>>,
): { path: string; missing: string[] } {
  const missing: string[] = [];
  const lower = new Map(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value]));
  const path = template.replace(/\{([^{}]+)\}/g, (_whole, name: string) => {
    const value = lower.get(name.trim().toLowerCase());
    if (value === undefined || value === null || value === '') {
      missing.push(name.trim());
      return '';
    }
    return segment(String(value));
  });
  return { path, missing };
}

const segment = (text: string) =>
  text === '.' || text === '..' ? text.replaceAll('.', '%2E') : encodeURIComponent(text);

/**
 * The address of a call: the filled path below BaseUrl, with the query. Undefined when the result would
 * leave BaseUrl's origin: a path is always joined after a slash, so `@other.host/x` stays a path, and
 * the origin is checked once more on the joined address, so no later change of the joining can send
 * the key anywhere but the host the connection saved (issue 29 point 1).
 */
export function requestUrl(
  baseUrl: string,
  path: string,
  query: ReadonlyArray<readonly [string, string]> = [],
): URL | undefined {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return undefined;
  const prefix = base.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${prefix}${path === '' || path.startsWith('/') ? '' : '/'}${path}`);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  for (const [key, value] of query) url.searchParams.append(key, value);
  return url;
}
