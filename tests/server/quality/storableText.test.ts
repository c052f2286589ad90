import { describe, expect, it } from 'vitest';
import { holdsUnstorableText, unstorableText } from '../../../server/http/storableText';

const NUL = '\u0000';

describe('text the database cannot store (fuzz finding: NUL answered 500; issue 20 point 5 quick check)', () => {
  it.each<[string, unknown, boolean]>([
    ['plain text', 'Orders', false],
    ['a NUL in text', `a${NUL}b`, true],
    ['numbers, booleans, null', [1, true, null, undefined], false],
    ['a NUL deep in an array', [['x', [`y${NUL}`]]], true],
    ['a NUL in a nested value', { a: { b: `c${NUL}` } }, true],
    ['a NUL in a key', { [`k${NUL}`]: 'v' }, true],
    ['an object of clean text', { Name: 'n', Elements: [{ Name: 'Id' }] }, false],
  ])('%s', (_case, value, holds) => {
    // The quick check every call makes agrees with the errors it stands for.
    expect(holdsUnstorableText(value)).toBe(holds);
    expect(unstorableText(value).length > 0).toBe(holds);
  });
});
