import { describe, expect, it } from 'vitest';
import { secretsIn } from '../../tests/support/e2eServerLog';
import { redactUrl } from './logging';

describe('the log keeps no credentials (issue 29 point 7)', () => {
  it.each([
    [
      'a client module opened with the session token',
      '/apps/dashboard?token=eyJhbGciOi.x.y',
      '/apps/dashboard?token=[redacted]',
    ],
    ['a reset link', '/reset-password?key=abc123', '/reset-password?key=[redacted]'],
    ['a key among other parameters', '/api/x?Name=a&Key=k&page=2', '/api/x?Name=a&Key=[redacted]&page=2'],
    ['an encoded name', '/x?%74oken=abc', '/x?%74oken=[redacted]'],
    [
      'a password, a secret, a code',
      '/x?password=p&client_secret=s&code=1',
      '/x?password=[redacted]&client_secret=[redacted]&code=[redacted]',
    ],
    ['no query', '/api/UIServices/Connection/GetConnections', '/api/UIServices/Connection/GetConnections'],
    ['harmless parameters stay', '/x?page=1&sort=Name', '/x?page=1&sort=Name'],
  ])('%s', (_case, url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  // The e2e suite's scan (tests/support/e2eServerLog.ts) must find what it looks for.
  it.each([
    ['a token in an address', '{"msg":"GET /apps/x?token=eyJhbGciOiJIUzI1NiJ9 200"}', true],
    ['a bare signed token', '{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhQGIuYyJ9.sig"}', true],
    ['a key in a link', 'mail to a@b.c: http://localhost/reset-password?key=AbC', true],
    ['the demo password', '{"Password":"Admin!2345"}', true],
    ['a password of the suite', 'Limited!2345', true],
    ['nothing in a redacted line', '{"msg":"GET /reset-password?key=[redacted] 200"}', false],
    [
      'nothing in an ordinary line',
      '{"msg":"GET /api/UIServices/Connection/GetConnections 200 3 ms"}',
      false,
    ],
  ])('the scan of the e2e log finds %s', (_case, line, found) => {
    expect(secretsIn(line).length > 0).toBe(found);
  });
});
