import type { Schemas } from '../../contract/types';
import { writePath } from './outputPath';
import { fillPath, requestUrl, valueInAnyCase } from './pathTemplate';

export type HttpOperation = Schemas['HttpOperation'];
type OperationInput = NonNullable<HttpOperation['Inputs']>[number];

/** The request an operation makes from a call's input, before the key is added. */
export interface BuiltRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** Why no request could be made: an input it needs is missing, a header value breaks a line, or the address left the origin. */
export type RequestProblem =
  | { problem: 'missing'; name: string }
  | { problem: 'lineBreak'; name: string }
  | { problem: 'origin' };

const keyOf = (input: OperationInput) => (input.Key?.trim() ? input.Key.trim() : input.Name);

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

const asText = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The request of a declared operation (issue 30 point 3): path inputs fill `{Name}` of its path, query
 * inputs go to the query (an array as repeated parameters), header inputs and the fixed headers to the
 * headers, body inputs into a JSON body at their (dotted) Key, or as the whole body under `$`; an
 * absent optional input is left out. The headers are the caller's to add to (the key).
 */
export function buildRequest(
  operation: HttpOperation,
  baseUrl: string,
  input: Readonly<Record<string, unknown>>,
): BuiltRequest | RequestProblem {
  return requestBuilder(operation, baseUrl)(input);
}

const LINE_BREAK = /[\r\n\0]/;

/**
 * buildRequest for one operation, with what does not depend on the input worked out once: an EXTERNAL
 * block makes the same operation's request on every call, and each part of it redone per call was a
 * share of that call's time (issue 30's bench).
 */
export function requestBuilder(
  operation: HttpOperation,
  baseUrl: string,
): (input: Readonly<Record<string, unknown>>) => BuiltRequest | RequestProblem {
  const inputs = operation.Inputs ?? [];
  const required = inputs.filter((declared) => declared.IsRequired).map((declared) => declared.Name);
  // Each placeholder's input, found as fillPath finds it: by key, in any case.
  const pathInputs = inputs.filter((declared) => declared.In === 'path');
  const path = operation.Path;
  const fixed: Record<string, string> = { accept: 'application/json' };
  for (const header of operation.Headers ?? [])
    if (header.Key.trim()) fixed[header.Key.trim().toLowerCase()] = header.Value ?? '';
  const fixedBreaksLine = Object.values(fixed).some((value) => LINE_BREAK.test(value));
  const method = operation.Method.toUpperCase();
  const takesBody = inputs.some((declared) => declared.In === 'body');
  const others = inputs.filter((declared) => declared.In !== 'path');

  return (input) => {
    for (const name of required)
      if (!present(valueInAnyCase(input, name))) return { problem: 'missing', name };
    const pathValues: Record<string, unknown> = {};
    for (const declared of pathInputs) pathValues[keyOf(declared)] = valueInAnyCase(input, declared.Name);
    const filled = fillPath(path, pathValues);
    if (filled.missing.length > 0) return { problem: 'missing', name: filled.missing[0]! };
    const query: Array<[string, string]> = [];
    const headers: Record<string, string> = { ...fixed };
    let headerSet = false;
    let body: Record<string, unknown> | undefined;
    // A body input keyed `$` is the whole body (an OpenAPI body that is a list, not an object).
    let whole: unknown;
    for (const declared of others) {
      const value = valueInAnyCase(input, declared.Name);
      if (!present(value) && declared.In !== 'body') continue;
      if (value === undefined) continue;
      if (declared.In === 'query')
        for (const item of Array.isArray(value) ? value : [value])
          query.push([keyOf(declared), asText(item)]);
      else if (declared.In === 'header') {
        headers[keyOf(declared).toLowerCase()] = asText(value);
        headerSet = true;
      } else if (declared.In === 'body' && keyOf(declared) === '$') whole = value;
      else if (declared.In === 'body') {
        body ??= {};
        writePath(body, keyOf(declared), value);
      }
    }
    if (fixedBreaksLine || headerSet)
      for (const [name, value] of Object.entries(headers))
        if (LINE_BREAK.test(value)) return { problem: 'lineBreak', name };
    const url = requestUrl(baseUrl, filled.path, query);
    if (!url) return { problem: 'origin' };
    if (whole !== undefined) return { method, url, headers, body: JSON.stringify(whole) };
    const sendsBody = body !== undefined || (method !== 'GET' && method !== 'DELETE' && takesBody);
    return { method, url, headers, ...(sendsBody ? { body: JSON.stringify(body ?? {}) } : {}) };
  };
}
