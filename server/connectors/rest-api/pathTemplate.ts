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
    const value = placeholderValue(values, name);
    if (value === undefined || value === null || value === '') missing.push(name);
    else path += segment(String(value));
    path += parts[n + 1]!;
  }
  return { path, missing };
}

/** A value by its placeholder's name, in any case. */
function placeholderValue(values: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(values, name)) return values[name];
  const lower = name.toLowerCase();
  for (const key in values) if (key.toLowerCase() === lower) return values[key];
  return undefined;
}

/**
 * A template split once into text and placeholder names: `[text, name, text, name, text…]`. Every call
 * of an operation fills the same template, and splitting it with a regular expression each time was a
 * share of an EXTERNAL call's time (issue 30's bench). Kept for the templates of the operations in use.
 */
const TEMPLATES = new Map<string, readonly string[]>();
const MOST_TEMPLATES = 1000;

function templateParts(template: string): readonly string[] {
  let parts = TEMPLATES.get(template);
  if (!parts) {
    const split: string[] = [];
    let last = 0;
    for (const match of template.matchAll(/\{([^{}]+)\}/g)) {
      split.push(template.slice(last, match.index), match[1]!.trim());
      last = match.index + match[0].length;
    }
    split.push(template.slice(last));
    if (TEMPLATES.size >= MOST_TEMPLATES) TEMPLATES.clear();
    parts = split;
    TEMPLATES.set(template, parts);
  }
  return parts;
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
const BASES = new Map<string, { prefix: string; origin: string } | null>();
const MOST_BASES = 1000;

function baseOf(baseUrl: string): { prefix: string; origin: string } | null {
  let base = BASES.get(baseUrl);
  if (base === undefined) {
    base = null;
    try {
      const parsed = new URL(baseUrl);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:')
        base = { prefix: parsed.href.replace(/[?#].*$/, '').replace(/\/+$/, ''), origin: parsed.origin };
    } catch {
      // Not an address: no call goes anywhere.
    }
    if (BASES.size >= MOST_BASES) BASES.clear();
    BASES.set(baseUrl, base);
  }
  return base;
}
