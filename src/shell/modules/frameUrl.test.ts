import { describe, expect, it } from 'vitest';
import { frameUrl } from './frameUrl';

const origin = 'https://console.example.com';

describe('frameUrl (spec part 1 §7: the frame gets the current web token as a query parameter)', () => {
  it.each([
    [
      '/apps/dashboard',
      'abc',
      'https://console.example.com/apps/dashboard?token=abc',
      'relative URL from GetIFrameInfo',
    ],
    [
      'https://bi.example.com/app?x=1',
      'abc',
      'https://bi.example.com/app?x=1&token=abc',
      'absolute URL keeps its parameters',
    ],
    [
      '/apps/queue?token=old',
      'new',
      'https://console.example.com/apps/queue?token=new',
      'the current token replaces an old one',
    ],
    [
      '/apps/q',
      'a.b+c/d=',
      'https://console.example.com/apps/q?token=a.b%2Bc%2Fd%3D',
      'the token is encoded',
    ],
  ])('%s with %s → %s (%s)', (url, token, expected) => {
    expect(frameUrl(url, token, origin)).toBe(expected);
  });
});
