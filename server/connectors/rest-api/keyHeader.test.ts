import { describe, expect, it } from 'vitest';
import { keyHeaderOf } from './keyHeader';

// Issue 30 point 3: "the key sent as the connection says (header name, prefix)".
describe('keyHeaderOf (issue 30 point 3)', () => {
  it.each([
    [
      'the defaults: Authorization: Bearer (issue 30 §3)',
      { ApiKey: 'k' },
      { name: 'authorization', value: 'Bearer k' },
    ],
    [
      'another header, no prefix by default (issue 30 §3)',
      { ApiKey: 'k', KeyHeader: 'X-Api-Key' },
      { name: 'x-api-key', value: 'k' },
    ],
    [
      'a prefix as given (issue 30 §3)',
      { ApiKey: 'k', KeyHeader: 'X-Api-Key', KeyPrefix: 'Key ' },
      { name: 'x-api-key', value: 'Key k' },
    ],
    [
      'Authorization with another scheme (issue 30 §3)',
      { ApiKey: 'k', KeyPrefix: 'Token ' },
      { name: 'authorization', value: 'Token k' },
    ],
    ['no key, no header (issue 30 §3)', { ApiKey: '' }, undefined],
  ])('%s', (_label, settings, expected) => {
    expect(keyHeaderOf(settings)).toEqual(expected);
  });
});
