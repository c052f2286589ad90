import { describe, expect, it } from 'vitest';
import { boundedMemo } from './boundedMemo';

// The hot paths' parse-once caches (a /rest path, a path template, a BaseUrl; issue 30's bench) stay
// bounded whatever text callers send.
describe('boundedMemo', () => {
  it('computes a key once, keeps a null like any value, and starts over when full', () => {
    const computed: string[] = [];
    const memo = boundedMemo(2, (key) => {
      computed.push(key);
      return key === 'bad' ? null : key.length;
    });
    expect([memo('a'), memo('a'), memo('bad'), memo('bad')]).toEqual([1, 1, null, null]);
    expect(computed).toEqual(['a', 'bad']);
    // A third key finds the memo full: it starts over, so 'a' is computed again.
    expect([memo('ccc'), memo('a')]).toEqual([3, 1]);
    expect(computed).toEqual(['a', 'bad', 'ccc', 'a']);
  });
});
