import { describe, expect, it } from 'vitest';
import { fillPath, requestUrl } from './pathTemplate';

// Issue 30 point 3: "path with {parameters}"; the key goes only to the origin the connection saved
// (issue 29 point 1, brief: "Refuse a path that would leave BaseUrl's origin").
describe('fillPath (issue 30 point 3: path with {parameters})', () => {
  it.each([
    ['a value fills its placeholder (issue 30 §3)', '/orders/{id}', { id: 7 }, '/orders/7', []],
    ['names match without case (issue 30 §3)', '/orders/{Id}', { id: 'a' }, '/orders/a', []],
    [
      'a slash cannot add a segment (issue 29 §1)',
      '/files/{name}',
      { name: 'a/../../admin' },
      '/files/a%2F..%2F..%2Fadmin',
      [],
    ],
    ['a query or fragment is encoded (issue 29 §1)', '/q/{x}', { x: 'a?b=1#c' }, '/q/a%3Fb%3D1%23c', []],
    ['".." cannot climb out of the base path (issue 29 §1)', '/v1/{x}/y', { x: '..' }, '/v1/%2E%2E/y', []],
    ['"." is encoded too (issue 29 §1)', '/v1/{x}', { x: '.' }, '/v1/%2E', []],
    ['a missing value is reported (issue 30 §3)', '/a/{x}/{y}', { x: 1 }, '/a/1/', ['y']],
    ['an empty value is missing (issue 30 §3)', '/a/{x}', { x: '' }, '/a/', ['x']],
  ])('%s', (_label, template, values, path, missing) => {
    expect(fillPath(template, values)).toEqual({ path, missing });
  });
});

describe('requestUrl (issue 30 point 3: never leave BaseUrl’s origin)', () => {
  it.each([
    [
      'joins below the base path (issue 30 §3)',
      'https://api.example.com/v1',
      '/orders/1',
      'https://api.example.com/v1/orders/1',
    ],
    [
      'a trailing slash of the base is one slash (issue 30 §3)',
      'https://api.example.com/v1/',
      '/orders',
      'https://api.example.com/v1/orders',
    ],
    [
      'an empty path is the base itself (issue 30 §4 Test Connection)',
      'https://api.example.com/v1',
      '',
      'https://api.example.com/v1',
    ],
    [
      '"//host" stays on the origin (issue 29 §1)',
      'https://api.example.com',
      '//evil.example/x',
      'https://api.example.com//evil.example/x',
    ],
    [
      '"@host" stays a path on the origin (issue 29 §1)',
      'https://api.example.com',
      '@evil.example/x',
      'https://api.example.com/@evil.example/x',
    ],
    [
      '":port" stays a path on the origin (issue 29 §1)',
      'https://api.example.com',
      ':8443/x',
      'https://api.example.com/:8443/x',
    ],
    ['a base that is no URL: refused (spec part 1 §3 BaseUrl)', 'not a url', '/x', undefined],
    ['a base that is not http(s): refused (issue 29 §1)', 'file:///etc', '/passwd', undefined],
  ])('%s', (_label, base, path, expected) => {
    expect(requestUrl(base, path)?.href).toBe(expected);
  });

  it('appends the query, repeated keys kept (issue 30 §3 query parameters)', () => {
    expect(
      requestUrl('https://api.example.com', '/s', [
        ['tag', 'a b'],
        ['tag', 'c&d'],
      ])?.href,
    ).toBe('https://api.example.com/s?tag=a+b&tag=c%26d');
  });
});
