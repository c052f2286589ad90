import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION,
  addSecret,
  CALL_DATA_CAP_BYTES,
  callData,
  callDataByParts,
  keepsData,
  readCallData,
} from './callData';
import type { TraceEntry } from './state';

/** The kept data of one call (issue 32 point 3): rows are [what, input, expected]. */
describe('callData: what the executions log keeps of a call', () => {
  const secrets = new Set([AUTHORIZATION]);
  addSecret(secrets, 'account.pin');

  it.each([
    ['never keeps anything', 'never', 200, false],
    ['never, a failure neither', 'never', 500, false],
    ['on error: a success is dropped', 'onError', 204, false],
    ['on error: 400 and above are kept', 'onError', 400, true],
    ['always: a success is kept', 'always', 200, true],
  ] as const)('%s', (_what, keep, status, kept) => {
    expect(keepsData(keep, status)).toBe(kept);
  });

  it('replaces secrets by name at any depth, never the trace’s own keys, and says the input is incomplete', () => {
    // A flow field named Input or Type that is a secret must not blank the trace's structure.
    const structural = new Set(['input', 'type', 'output']);
    const trace: TraceEntry[] = [
      {
        Guid: 'b1',
        Type: 'start',
        Input: { account: { pin: '1234' } },
        Output: { pin: '1234' },
        DurationMs: 1,
      },
    ];
    const data = JSON.parse(callData(structural, { type: 'x' }, null, trace));
    expect(data.Trace[0]).toMatchObject({ Guid: 'b1', Type: 'start' });
    expect(data.Input).toEqual({ type: '[redacted]' });

    const kept = JSON.parse(
      callData(
        secrets,
        { account: { pin: '1234' }, Authorization: 'Bearer x', name: 'ada' },
        { ok: true },
        trace,
      ),
    );
    expect(kept).toMatchObject({
      Input: { account: { pin: '[redacted]' }, Authorization: '[redacted]', name: 'ada' },
      Trace: [{ Input: { account: { pin: '[redacted]' } }, Output: { pin: '[redacted]' } }],
      Redacted: true,
      InputComplete: false,
    });
    // A null is not a secret value: nothing to replace, and the input stays whole.
    const empty = JSON.parse(callData(secrets, { pin: null }, null, []));
    expect(empty).toMatchObject({ Input: { pin: null }, Redacted: false, InputComplete: true });
  });

  it('finds a secret key in any case, Unicode-folded, though parts without one skip the key-by-key pass', () => {
    // The quick test of the plain JSON (secretKeys) must miss no key the key-by-key pass would replace.
    const kept = JSON.parse(
      callData(secrets, { AUTHORIZATION: 'Bearer x', Account: { PIN: '1' }, '\u212Aey': 1 }, null, []),
    );
    expect(kept.Input).toEqual({
      AUTHORIZATION: '[redacted]',
      Account: { PIN: '[redacted]' },
      '\u212Aey': 1,
    });
    const kelvin = JSON.parse(callData(new Set(['key']), { '\u212Aey': 'secret' }, null, []));
    expect(kelvin.Input).toEqual({ '\u212Aey': '[redacted]' });
    // A value that reads like a secret key is text, not a key: nothing is replaced.
    const text = JSON.parse(callData(secrets, { note: '"pin": 1234' }, null, []));
    expect(text).toMatchObject({ Input: { note: '"pin": 1234' }, Redacted: false, InputComplete: true });
  });

  it('keeps a NUL character as U+FFFD (jsonb refuses it), and then the input is not the one sent', () => {
    const trace: TraceEntry[] = [
      { Guid: 'b1', Type: 'start', Output: { reference: 'a\u0000b' }, DurationMs: 1 },
    ];
    const text = callData(secrets, { reference: 'a\u0000b', literal: '\\u0000' }, null, trace);
    expect(text).not.toMatch(/(?<!\\)(?:\\\\)*\\u0000/);
    const kept = JSON.parse(text);
    expect(kept).toMatchObject({
      // A backslash followed by u0000 is text, and stays as it is.
      Input: { reference: 'a\ufffdb', literal: '\\u0000' },
      Trace: [{ Output: { reference: 'a\ufffdb' } }],
      InputComplete: false,
    });
    // Without a NUL the input is whole.
    expect(JSON.parse(callData(secrets, { literal: '\\u0000' }, null, []))).toMatchObject({
      InputComplete: true,
    });
  });

  it('cuts the largest parts first until the call fits 64 KB, naming each with its size', () => {
    const big = 'x'.repeat(50_000);
    const trace: TraceEntry[] = [
      { Guid: 'b1', Type: 'start', Input: { big }, Output: { big }, DurationMs: 1 },
      { Guid: 'b2', Type: 'result', Output: { small: 1 }, DurationMs: 1 },
    ];
    const text = callData(secrets, { big }, { small: true }, trace);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CALL_DATA_CAP_BYTES);
    const data = JSON.parse(text);
    // Three parts of 50 KB: two are cut, the one left fits beside the rest.
    expect(data.Cut).toHaveLength(2);
    for (const part of data.Cut) expect(part.Bytes).toBe(50_010);
    expect(data.Answer).toEqual({ small: true });
    expect(data.Trace[1].Output).toEqual({ small: 1 });
    const markers = [data.Input, data.Trace[0].Input, data.Trace[0].Output].filter(
      (value) => value === '[cut: 50,010 bytes]',
    );
    expect(markers).toHaveLength(2);
  });

  it('keeps the first blocks that fit when even the blocks alone pass the cap', () => {
    const trace: TraceEntry[] = Array.from({ length: 2_000 }, (_, index) => ({
      Guid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      Type: 'add',
      Output: { n: index },
      DurationMs: 0.01,
    }));
    const text = callData(secrets, {}, null, trace);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CALL_DATA_CAP_BYTES);
    const data = JSON.parse(text);
    expect(data.Trace.length).toBeGreaterThan(100);
    expect(data.Trace.length).toBeLessThan(2_000);
    expect(data.Cut.at(-1).Path).toBe(`Trace/${data.Trace.length}-1999`);
  });

  it('keeps, in one pass, what the parts keep: with secrets, NUL, non-ASCII text and near the cap', () => {
    // callData's one JSON.stringify stands in for callDataByParts whenever nothing is redacted, altered
    // or cut; where it declines, the parts decide. Either way the data is the same.
    const keys = fc.constantFrom('name', 'pin', 'Authorization', 'note', 'Input', 'city');
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('Zürich 東京 😀', 'a\u0000b', '\\u0000', 'x'.repeat(300)),
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), tie('object')),
      object: fc.dictionary(keys, tie('any'), { maxKeys: 3 }),
    })).any;
    const entry = fc.record(
      {
        Guid: fc.uuid(),
        Type: fc.constantFrom('start', 'read', 'check', 'result'),
        Input: value,
        Output: value,
        Rows: fc.nat(5),
        DurationMs: fc.double({ min: 0, max: 10, noNaN: true }),
      },
      { requiredKeys: ['Guid', 'Type', 'DurationMs'] },
    ) as fc.Arbitrary<TraceEntry>;
    fc.assert(
      fc.property(
        value,
        value,
        fc.array(entry, { maxLength: 5 }),
        fc.constantFrom(600, 1_500, 4_000, CALL_DATA_CAP_BYTES),
        (input, answer, trace, cap) => {
          const text = callData(secrets, input, answer, trace, cap);
          expect(JSON.parse(text)).toEqual(JSON.parse(callDataByParts(secrets, input, answer, trace, cap)));
          expect(Buffer.byteLength(text)).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 500 },
    );

    let compactKept = 0;
    // The compact form, read back with the version's blocks, is the same data. Some blocks read the
    // call's own input or answer it (the start and result blocks do), which the compact form flags.
    fc.assert(
      fc.property(
        value,
        value,
        fc.array(fc.tuple(entry, fc.boolean(), fc.boolean()), { maxLength: 5 }),
        fc.boolean(),
        fc.constantFrom(600, 1_500, 4_000, CALL_DATA_CAP_BYTES),
        (input, answer, drawn, unknownBlock, cap) => {
          const types = new Map<string, string>();
          const trace = drawn.map(([drawnEntry, readsInput, answers]) => {
            const type = types.get(drawnEntry.Guid) ?? drawnEntry.Type;
            types.set(drawnEntry.Guid, type);
            return {
              ...drawnEntry,
              Type: type,
              // Timed to the µs, as the runtime times blocks (run.ts).
              DurationMs: Math.round(drawnEntry.DurationMs * 1000) / 1000,
              ...(readsInput ? { Input: input } : {}),
              ...(answers ? { Output: answer } : {}),
            };
          });
          const version = [
            { Guid: 'other', Type: 'close' },
            ...[...types].map(([Guid, Type]) => ({ Guid, Type })),
          ];
          const blocks = new Map(version.map((block, index) => [block.Guid, index]));
          if (unknownBlock && trace.length > 0) blocks.delete(trace[0]!.Guid);
          const text = callData(secrets, input, answer, trace, cap, blocks);
          const stored = JSON.parse(text);
          if ('V' in stored) compactKept += 1;
          // Smaller, the compact form may keep whole what the full form would cut near the cap.
          const whole = JSON.parse(callDataByParts(secrets, input, answer, trace, 'V' in stored ? 1e9 : cap));
          expect(readCallData(stored, version)).toEqual(whole);
          if ('V' in stored) expect(whole).toMatchObject({ Cut: [], Redacted: false, InputComplete: true });
          expect(Buffer.byteLength(text)).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 500 },
    );
    // Most draws need no redaction or cut: the compact form was the one kept, not a fallback each time.
    expect(compactKept).toBeGreaterThan(100);
  });

  it('keeps a call that needs no redaction or cut in the compact form: half the bytes (issue 32 bench)', () => {
    // The demo credit flow's call, as the runtime traces it.
    const input = { customerId: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f6001' };
    const answer = { name: 'Northwind Traders', credit: 1500 };
    const guid = (n: number) => `7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f000${n}`;
    const trace: TraceEntry[] = [
      { Guid: guid(1), Type: 'start', Input: input, Output: { ...input }, DurationMs: 0.345 },
      {
        Guid: guid(4),
        Type: 'read',
        Input: { ...input },
        Output: { customerName: answer.name, credit: 1500 },
        Rows: 1,
        DurationMs: 1.291,
      },
      { Guid: guid(5), Type: 'check', Input: { credit: 1500 }, Branch: 'TRUE', DurationMs: 0.209 },
      { Guid: guid(2), Type: 'result', Output: answer, DurationMs: 0.096 },
      { Guid: guid(3), Type: 'close', DurationMs: 0.007 },
    ];
    const version = [1, 2, 3, 4, 5].map((n) => ({
      Guid: guid(n),
      Type: ['start', 'result', 'close', 'read', 'check'][n - 1]!,
    }));
    const blocks = new Map(version.map((block, index) => [block.Guid, index]));
    const full = callData(secrets, input, answer, trace);
    const compact = callData(secrets, input, answer, trace, CALL_DATA_CAP_BYTES, blocks);
    expect(JSON.parse(compact)).toEqual({
      V: 2,
      D: [input, answer, input, input, { customerName: answer.name, credit: 1500 }, { credit: 1500 }],
      T: [
        [0, 345, 0, 2],
        [3, 1291, 3, 4, 1],
        [4, 209, 5, -1, null, 'TRUE'],
        [1, 96, -1, 1],
        [2, 7, -1, -1],
      ],
    });
    expect(compact.length).toBeLessThan(full.length / 2);
    expect(readCallData(JSON.parse(compact), version)).toEqual(JSON.parse(full));
    // The full form is read as it is; so is a call that needed redaction, given blocks or not.
    expect(readCallData(JSON.parse(full), version)).toEqual(JSON.parse(full));
    const redacted = JSON.parse(
      callData(
        secrets,
        { pin: '1' },
        null,
        [{ ...trace[0]!, Input: { pin: '1' } }],
        CALL_DATA_CAP_BYTES,
        blocks,
      ),
    );
    expect(redacted).toMatchObject({ Input: { pin: '[redacted]' }, Redacted: true, InputComplete: false });
  });
});
