import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { secretsIn } from '../../tests/support/e2eServerLog';
import { lazyRequestLogger, loggerOptions, redactUrl } from './logging';

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

describe("a request's logger, made when the request first logs (issue 32 point 2)", () => {
  const sink = () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const root = Fastify({ logger: loggerOptions('info', stream) }).log;
    let children = 0;
    const child = root.child;
    // Counted where it is defined: a request's child inherits it, and its own children are its.
    root.child = function (this: typeof root, ...args: Parameters<typeof child>) {
      children += 1;
      return child.apply(this, args);
    } as typeof root.child;
    return { lines, root, made: () => children };
  };
  const factory = lazyRequestLogger.bind(null as never);

  it('makes no child for a request that logs nothing, and reads the level without one', () => {
    const { root, made } = sink();
    const log = factory(root, { reqId: 'trace-1' }, {}, {} as never);
    expect(log.level).toBe('info');
    log.debug('below the level');
    expect(made()).toBe(1);
    const quiet = factory(root, { reqId: 'trace-2' }, {}, {} as never);
    expect(quiet.level).toBe('info');
    expect(made()).toBe(1);
  });

  it('writes each line with the request id, credentials redacted, and its own children bound too', () => {
    const { root, lines } = sink();
    const log = factory(root, { reqId: 'trace-3' }, {}, {} as never);
    log.warn({ body: { Password: 'p' } }, 'refused');
    log.child({ block: 'b1' }).error('failed');
    expect(lines).toMatchObject([
      { reqId: 'trace-3', msg: 'refused', body: { Password: '[redacted]' } },
      { reqId: 'trace-3', block: 'b1', msg: 'failed' },
    ]);
  });

  it('gives a route with options of its own its child at once', () => {
    const { root, made, lines } = sink();
    const log = factory(root, { reqId: 'trace-4' }, { level: 'debug' }, {} as never);
    expect(made()).toBe(1);
    log.debug('seen at debug');
    expect(lines).toMatchObject([{ reqId: 'trace-4', msg: 'seen at debug' }]);
  });
});
