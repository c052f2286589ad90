// The whole catalogue — except in the browser build, which resolves this import to the core of it
// (vite.config.ts, coreCatalogue.ts) and adds the rest when a builder first opens (restCatalogue.ts).
import { en, type MessageKey } from './en';

export type MessageParams = Record<string, string | number>;

const catalogue: Record<string, string> = en;

/** Whether a key exists in the catalogue. */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(catalogue, key);
}

/**
 * The text of a catalogue key with `{param}` placeholders filled.
 * An unknown key comes back as itself so a missing text is visible, and a test fails on it.
 * English plurals: with a `count` of 1, the key's `.one` variant is used when the catalogue has one
 * (`'list.count': '{count} items'`, `'list.count.one': '1 item'`).
 */
export function t(key: MessageKey | (string & {}), params?: MessageParams): string {
  const one = params?.count === 1 ? catalogue[`${key}.one`] : undefined;
  const text = one ?? catalogue[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
