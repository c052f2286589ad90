import type { Schemas } from '../contract/types';
import type { TraceEntry } from './state';

/**
 * A production call's data as the executions log keeps it (issue 32 point 3): the input, the answer and
 * what each block read and produced, as the test run shows them, with secrets replaced and at most
 * CALL_DATA_CAP_BYTES a call.
 *
 * Secrets are named by the plan (server/runtime/compile.ts collects them from the field types it
 * compiles): every field of type Password (start, add, document and method fields, connector fields),
 * every flow field mapped into one, every alias a result gives one, and any `Authorization`. A key with
 * such a name is replaced wherever it appears in the data: a secret shown under another block's key of
 * the same name is replaced too, which errs on the side of keeping less.
 *
 * The JSON is built here once, by parts (the input, the answer, each block's input and output), so the
 * cap knows each part's size without serializing twice, and the executions log splices it into its
 * batch as it is (server/runtime/executions.ts).
 */
export const KEEP_CALL_DATA = ['never', 'onError', 'always'] as const;
export type KeepCallData = (typeof KEEP_CALL_DATA)[number];
export const DEFAULT_KEEP_CALL_DATA: KeepCallData = 'onError';

export const CALL_DATA_CAP_BYTES = 64 * 1024;
export const REDACTED = '[redacted]';
/** Always a secret, whatever the plan says: a credential someone put in a field. */
export const AUTHORIZATION = 'authorization';

export const keepCallData = (value: unknown): KeepCallData =>
  KEEP_CALL_DATA.includes(value as KeepCallData) ? (value as KeepCallData) : DEFAULT_KEEP_CALL_DATA;

/** Whether a call's data is kept once its status is known: `onError` keeps failures (400 and above). */
export const keepsData = (keep: KeepCallData, status: number) =>
  keep === 'always' || (keep === 'onError' && status >= 400);

/** Adds a field's name to the secrets: the whole (dotted) name and its last segment, lower case. */
export function addSecret(secrets: Set<string>, name: string | null | undefined): void {
  if (!name) return;
  const lower = name.toLowerCase();
  secrets.add(lower);
  const dot = lower.lastIndexOf('.');
  if (dot >= 0) secrets.add(lower.slice(dot + 1));
}

export const isSecretType = (type: unknown) => typeof type === 'string' && type.toLowerCase() === 'password';

/** What a part was cut to, and where: the data says what is missing instead of silently dropping it. */
export interface CutPart {
  Path: string;
  Bytes: number;
}

interface Part {
  path: string;
  json: string;
  bytes: number;
  redacted: boolean;
  /** A value was changed to be stored (a NUL character). */
  altered: boolean;
}

/** A JSON escape of NUL, not one of an escaped backslash followed by `u0000`. */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * JSON text PostgreSQL's jsonb takes: it holds no NUL character (`\u0000`), and one would lose the
 * executions log's whole batch. A NUL is kept as U+FFFD; an input that had one is no longer the input
 * that was sent (InputComplete).
 */
const storable = (json: string) => (json.includes('\\u0000') ? json.replace(NUL_ESCAPE, '$1\\ufffd') : json);

const byteLength = (text: string) => Buffer.byteLength(text);

/** Room for the keys around the parts and the flags. */
const ENVELOPE_BYTES = 400;
/** Room for a block's "Input" and "Output" keys. */
const ENTRY_KEYS_BYTES = 20;
/** What one entry of Cut takes. */
const CUT_ENTRY_BYTES = 48;
/** Parts below this are kept: a marker would save little. */
const MIN_CUT_BYTES = 256;

const secretPatterns = new WeakMap<ReadonlySet<string>, RegExp | null>();

/**
 * A test of JSON text for a key that may be one of the secrets (`"name":`, any case), made once per
 * plan's set, case folded as Unicode does (`u`: a Kelvin sign K matches k, as toLowerCase makes it);
 * null when a name is not printable ASCII, and then every part is serialized key by key.
 */
function secretKeys(secrets: ReadonlySet<string>): RegExp | null {
  let pattern = secretPatterns.get(secrets);
  if (pattern === undefined) {
    // A set made by the plan holds Authorization already; once in the pattern is enough.
    const names = [...new Set([AUTHORIZATION, ...secrets])];
    pattern = names.every((name) => /^[\x20-\x7e]*$/.test(name))
      ? new RegExp(
          `"(?:${names
            .map((name) =>
              JSON.stringify(name)
                .slice(1, -1)
                .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('|')})"\\s*:`,
          'iu',
        )
      : null;
    secretPatterns.set(secrets, pattern);
  }
  return pattern;
}

const cutMarker = (bytes: number) => JSON.stringify(`[cut: ${bytes.toLocaleString('en')} bytes]`);

/**
 * The kept data of one call as JSON text:
 * `{Input, Answer, Trace: [{Guid, Type, Branch?, Rows?, DurationMs, Error?, Input?, Output?}], Cut,
 * Redacted, InputComplete}`. `Cut` lists the parts replaced by a `[cut: N bytes]` marker, largest
 * first, until the whole fits the cap; `InputComplete` is false when the input lost a value to redaction
 * or the cap, so it cannot be run again as it was (a retry refuses it).
 *
 * Given `blocks` (the plan's: a block's guid → its place in the version's Blocks), a call that needs no
 * redaction or cut is kept in the compact form (CompactCallData), which readCallData turns back into
 * this one.
 */
export function callData(
  secrets: ReadonlySet<string>,
  input: unknown,
  answer: unknown,
  trace: readonly TraceEntry[],
  cap = CALL_DATA_CAP_BYTES,
  blocks?: ReadonlyMap<string, number>,
): string {
  return (
    plainCallData(secrets, input, answer, trace, cap, blocks) ??
    callDataByParts(secrets, input, answer, trace, cap)
  );
}

/**
 * The stored form of most calls' data: half the bytes of the full form and a third of the time to make,
 * for the executions log writes it with every call of a flow that keeps its data (issue 32's budget:
 * keeping data costs at most 15% of the executions per second). `D` holds the values: the call's input,
 * its answer, then each block's input and output that is not one of those two (the start block reads the
 * call's input, the result block answers), in one JSON.stringify: V8's stringify costs most per call and
 * per key, not per byte. `T` holds a block per entry, `[place, µs, input, output, rows?, branch?,
 * error?]`: its place in the version's Blocks instead of its guid and type, which the version that ran
 * still holds (a version that ran is published, and only drafts are deleted); its time in whole µs (the
 * runtime's resolution; a fraction takes V8 far longer to write); its input and output as places in `D`,
 * -1 for none. Nothing in it was redacted, altered or cut, so Cut, Redacted and InputComplete are not
 * stored.
 */
export interface CompactCallData {
  V: typeof COMPACT;
  D: unknown[];
  T: CompactEntry[];
}

type CompactEntry = [
  block: number,
  micros: number,
  input: number,
  output: number,
  rows?: number | null,
  branch?: TraceEntry['Branch'] | null,
  error?: TraceEntry['Error'],
];

const COMPACT = 2;

/** The compact form's JSON text, or null when a block is not in `blocks` (then the full form is kept). */
function compactJson(
  input: unknown,
  answer: unknown,
  trace: readonly TraceEntry[],
  blocks: ReadonlyMap<string, number>,
): string | null {
  const values: unknown[] = [input, answer];
  // The same object is the same text: a block's input that is the call's is its place, not a copy.
  const place = (value: unknown) => {
    if (value === undefined) return -1;
    if (value === input) return 0;
    if (value === answer) return 1;
    return values.push(value) - 1;
  };
  const entries: CompactEntry[] = [];
  for (let n = 0; n < trace.length; n++) {
    const entry = trace[n]!;
    const b = blocks.get(entry.Guid);
    if (b === undefined) return null;
    // The runtime times blocks to the µs (run.ts); a time it did not make keeps the full form.
    const micros = Math.round(entry.DurationMs * 1000);
    if (micros / 1000 !== entry.DurationMs) return null;
    const i = place(entry.Input);
    const o = place(entry.Output);
    entries.push(
      entry.Error !== undefined
        ? [b, micros, i, o, entry.Rows ?? null, entry.Branch ?? null, entry.Error]
        : entry.Branch !== undefined
          ? [b, micros, i, o, entry.Rows ?? null, entry.Branch]
          : entry.Rows !== undefined
            ? [b, micros, i, o, entry.Rows]
            : [b, micros, i, o],
    );
  }
  return JSON.stringify({ V: COMPACT, D: values, T: entries } satisfies CompactCallData);
}

/**
 * Kept data as the executions log stored it, in the form callData makes: the compact form is read back
 * with the Blocks of the version that ran (each block's Guid and Type); the full form is as it is.
 */
export function readCallData(
  stored: Schemas['FlowExecutionData'] | CompactCallData,
  blocks: ReadonlyArray<{ Guid: string; Type: string }>,
): Schemas['FlowExecutionData'] {
  if (!('V' in stored) || stored.V !== COMPACT) return stored as Schemas['FlowExecutionData'];
  const values = stored.D;
  return {
    Input: values[0] ?? null,
    Answer: values[1] ?? null,
    Trace: stored.T.map(([place, micros, input, output, rows, branch, error]) => {
      const block = blocks[place];
      const read: TraceEntry = {
        Guid: block?.Guid ?? '',
        Type: block?.Type ?? '',
        DurationMs: micros / 1000,
      };
      if (input >= 0) read.Input = values[input];
      if (output >= 0) read.Output = values[output];
      if (rows !== undefined && rows !== null) read.Rows = rows;
      if (branch !== undefined && branch !== null) read.Branch = branch;
      if (error !== undefined) read.Error = error;
      return read;
    }),
    Cut: [],
    Redacted: false,
    InputComplete: true,
  };
}

/**
 * Most calls' data, in one JSON.stringify: what callDataByParts makes when nothing is redacted, altered
 * or cut (a block's keys in the order the trace has them), in the compact form when `blocks` names
 * every block, without serializing, testing and measuring each part on its own. Null when the whole
 * text has a key that may be a secret or a NUL, or may not fit the cap (three UTF-8 bytes a UTF-16 unit
 * at most); then the parts decide.
 */
function plainCallData(
  secrets: ReadonlySet<string>,
  input: unknown,
  answer: unknown,
  trace: readonly TraceEntry[],
  cap: number,
  blocks: ReadonlyMap<string, number> | undefined,
): string | null {
  const mayHoldSecret = secretKeys(secrets);
  if (!mayHoldSecret) return null;
  const whole =
    (blocks && compactJson(input ?? null, answer ?? null, trace, blocks)) ??
    JSON.stringify({
      Input: input ?? null,
      Answer: answer ?? null,
      Trace: trace,
      Cut: [],
      Redacted: false,
      InputComplete: true,
    });
  if (mayHoldSecret.test(whole) || whole.includes('\\u0000')) return null;
  // Counted as callDataByParts counts, so a call it would cut is never kept whole here.
  const limit = cap - ENVELOPE_BYTES - ENTRY_KEYS_BYTES * trace.length;
  return whole.length * 3 <= limit || byteLength(whole) <= limit ? whole : null;
}

/**
 * The data part by part: each part serialized, redacted and measured on its own, so the cap can cut the
 * largest first (callData's fallback).
 */
export function callDataByParts(
  secrets: ReadonlySet<string>,
  input: unknown,
  answer: unknown,
  trace: readonly TraceEntry[],
  cap = CALL_DATA_CAP_BYTES,
): string {
  let redacted = false;
  const mayHoldSecret = secretKeys(secrets);
  const serializeRaw = (path: string, value: unknown): Part => {
    // Serialized plainly first (no replacer: V8's fast path); only text with a key that may be a secret
    // is serialized again, key by key. Most calls have none.
    const plain = JSON.stringify(value ?? null) ?? 'null';
    if (mayHoldSecret && !mayHoldSecret.test(plain))
      return { path, json: plain, bytes: byteLength(plain), redacted: false, altered: false };
    let hit = false;
    const json =
      JSON.stringify(value ?? null, (key, inner: unknown) => {
        if (key !== '' && inner !== null && inner !== undefined && secrets.has(key.toLowerCase())) {
          hit = true;
          return REDACTED;
        }
        return inner;
      }) ?? 'null';
    if (hit) redacted = true;
    return { path, json, bytes: byteLength(json), redacted: hit, altered: false };
  };
  const serialize = (path: string, value: unknown): Part => {
    const part = serializeRaw(path, value);
    const json = storable(part.json);
    if (json === part.json) return part;
    return { ...part, json, bytes: byteLength(json), altered: true };
  };
  const inputPart = serialize('Input', input);
  const answerPart = serialize('Answer', answer);
  const entries = trace.map((entry, index) => {
    const { Input, Output, ...rest } = entry;
    return {
      head: storable(JSON.stringify(rest)),
      input: Input === undefined ? null : serialize(`Trace/${index}/Input`, Input),
      output: Output === undefined ? null : serialize(`Trace/${index}/Output`, Output),
    };
  });
  const parts: Part[] = [inputPart, answerPart];
  for (const entry of entries) {
    if (entry.input) parts.push(entry.input);
    if (entry.output) parts.push(entry.output);
  }

  // Under the cap as it is: the usual case, measured without building anything more.
  const limit = cap - ENVELOPE_BYTES;
  const entryBytes = (entry: (typeof entries)[number]) =>
    Buffer.byteLength(entry.head) + ENTRY_KEYS_BYTES + (entry.input?.bytes ?? 0) + (entry.output?.bytes ?? 0);
  let total = inputPart.bytes + answerPart.bytes + entries.reduce((sum, entry) => sum + entryBytes(entry), 0);
  let cut: Array<CutPart & { part?: Part }> = [];
  if (total > limit) {
    for (const part of [...parts].sort((a, b) => b.bytes - a.bytes)) {
      // Smaller parts are not worth a marker: past them, whole blocks are left out below.
      if (total <= limit || part.bytes < MIN_CUT_BYTES) break;
      const marker = cutMarker(part.bytes);
      cut.push({ Path: part.path, Bytes: part.bytes, part });
      total -= part.bytes - marker.length - CUT_ENTRY_BYTES;
      part.json = marker;
      part.bytes = marker.length;
    }
  }
  // A flow of so many blocks that what they did passes the cap keeps the first blocks that fit.
  let kept = entries.length;
  if (total > limit) {
    let size = inputPart.bytes + answerPart.bytes + CUT_ENTRY_BYTES;
    kept = 0;
    for (const entry of entries) {
      const bytes = entryBytes(entry);
      if (size + bytes > limit) break;
      size += bytes;
      kept += 1;
    }
    const dropped = new Set(
      entries.slice(kept).flatMap((entry) => [entry.input, entry.output].filter((part) => part !== null)),
    );
    const left = entries.slice(kept).reduce((sum, entry) => sum + entryBytes(entry), 0);
    // Parts of the blocks left out are counted in the range, not one by one.
    cut = cut.filter((entry) => !entry.part || !dropped.has(entry.part));
    cut.push({ Path: `Trace/${kept}-${entries.length - 1}`, Bytes: left });
  }
  const traceJson = entries
    .slice(0, kept)
    .map((entry) => {
      let json = entry.head.slice(0, -1);
      if (entry.input) json += `${json.length > 1 ? ',' : ''}"Input":${entry.input.json}`;
      if (entry.output) json += `${json.length > 1 ? ',' : ''}"Output":${entry.output.json}`;
      return `${json}}`;
    })
    .join(',');
  const inputComplete =
    !inputPart.redacted && !inputPart.altered && !cut.some((part) => part.Path === 'Input');
  const cutJson = JSON.stringify(cut.map(({ Path, Bytes }) => ({ Path, Bytes })));
  return `{"Input":${inputPart.json},"Answer":${answerPart.json},"Trace":[${traceJson}],"Cut":${cutJson},"Redacted":${redacted},"InputComplete":${inputComplete}}`;
}
