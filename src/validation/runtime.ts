/**
 * Functions the precompiled validators call. Ajv's own runtime helpers are CommonJS, whose default
 * export bundlers and Node interpret differently, so the ones our schemas need are restated here as ES
 * modules; codegen points the generated code at them and fails on any helper it does not know.
 */

/** Length in code points, as JSON Schema's minLength and maxLength count (Ajv's runtime/ucs2length). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let position = 0; position < text.length; position++) {
    length++;
    const code = text.charCodeAt(position);
    if (code >= 0xd800 && code <= 0xdbff && position + 1 < text.length) {
      if ((text.charCodeAt(position + 1) & 0xfc00) === 0xdc00) position++;
    }
  }
  return length;
}

/** Deep equality of JSON values (Ajv's runtime/equal, for uniqueItems, const and enum). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b))
      return a.length === b.length && a.every((item, index) => equal(item, b[index]));
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every(
        (key) =>
          Object.hasOwn(b, key) &&
          equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
      )
    );
  }
  return Number.isNaN(a) && Number.isNaN(b);
}

/** ajv-formats' checks (date-time, date, time, uri, ...), for the formats the schemas use. */
export { fullFormats as formats } from 'ajv-formats/dist/formats';
