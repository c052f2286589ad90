import { boundedMemo } from '../../boundedMemo';

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
  const parts = templateParts(template);
  let path = parts[0]!;
  for (let n = 1; n < parts.length; n += 2) {
    const name = parts[n]!;
    const value = valueInAnyCase(values, name);
    if (value === undefined || value === null || value === '') missing.push(name);
    else path += segment(String(value));
    path += parts[n + 1]!;
  }
  return { path, missing };
}

/** A value by its name, the exact key first, then in any case (placeholders, an operation's inputs). */
export function valueInAnyCase(values: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(values, name)) return values[name];
  const lower = name.toLowerCase();
  const key = Object.keys(values).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : values[key];
}

/**
 * A template split once into text and placeholder names: `[text, name, text, name, text…]`. Every call
 * of an operation fills the same template, and splitting it with a regular expression each time was a
 * share of an EXTERNAL call's time (issue 30's bench). Kept for the templates of the operations in use.
 */
const templateParts = boundedMemo(1000, (template): readonly string[] => {
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]+)\}/g)) {
    parts.push(template.slice(last, match.index), match[1]!.trim());
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return parts;
});

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
  const base = baseOf(baseUrl);
  if (!base) return undefined;
  let url: URL;
  try {
    url = new URL(`${base.prefix}${path === '' || path.startsWith('/') ? '' : '/'}${path}`);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  for (const [key, value] of query) url.searchParams.append(key, value);
  return url;
}

/** A BaseUrl parsed once (null when it is no http or https address): a connection's calls share it. */
const baseOf = boundedMemo(1000, (baseUrl): { prefix: string; origin: string } | null => {
  try {
    const parsed = new URL(baseUrl);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:')
      return { prefix: parsed.href.replace(/[?#].*$/, '').replace(/\/+$/, ''), origin: parsed.origin };
  } catch {
    // Not an address: no call goes anywhere.
  }
  return null;
});
