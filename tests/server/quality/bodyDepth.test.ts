import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../../server/http/bodyDepth';

/** The nesting check every JSON body passes before it is parsed (issue 29 point 8). */
describe('the depth of a JSON text, counted without parsing it', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each<[string, string, number, boolean]>([
    ['at the limit', nested(3), 3, false],
    ['one level beyond', nested(4), 3, true],
    ['arrays count too', '[[[[1]]]]', 3, true],
    ['siblings are not depth', '[[1],[2],[3],{"a":[4]},{"b":{}}]', 3, false],
    ['brackets in a string are text', `{"a":"${'[{'.repeat(50)}"}`, 1, false],
    ['an escaped quote does not end the string', '{"a":"x\\"[[[[[["}', 1, false],
    ['an escaped backslash before the closing quote ends it', '{"a":"x\\\\","b":[[[1]]]}', 3, true],
    ['three backslashes: an escaped quote again', '{"a":"x\\\\\\"[[[[["}', 1, false],
    ['brackets in a key', '{"[[[[": 1}', 1, false],
    ['a string never closed: left to the parser', '{"a":"[[[[[[', 1, false],
    ['a short text cannot be deep', '[[', 2, false],
    ['100,000 levels', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, MAX_BODY_DEPTH, true],
  ])('%s', (_case, text, limit, deeper) => {
    expect(nestsDeeperThan(text, limit)).toBe(deeper);
  });

  it('agrees with the depth of what JSON.parse builds', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf))
        : 0;
    const samples: unknown[] = [
      { Name: 'n', Elements: [{ Name: 'a', Elements: [{ Name: 'a.b', Validation: { Max: 1 } }] }] },
      [[], {}, [[[]]], { x: [{ y: '}]"' }] }],
      { 'k"}': ['\\', '"', '[', { '\\"': [1, [2, [3]]] }] },
    ];
    for (const sample of samples) {
      const text = JSON.stringify(sample);
      const depth = depthOf(sample);
      expect(nestsDeeperThan(text, depth), text).toBe(false);
      expect(nestsDeeperThan(text, depth - 1), text).toBe(true);
    }
  });
});
