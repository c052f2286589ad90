import { describe, expect, it } from 'vitest';
import { remoteFailure } from './remoteFailure';

const failed = (code: string, message = 'the remote said something') =>
  Object.assign(new Error(message), code ? { code } : {});

// Issue 30 point 6: a system down answers 502 unreachable, a slow one 504, one refusing 502 refused.
describe('remoteFailure (issue 30 point 6: failures of the other side)', () => {
  it.each([
    ['a closed port', 502, 'runtime.external.unreachable', failed('ECONNREFUSED')],
    ['a host name nobody knows', 502, 'runtime.external.unreachable', failed('ENOTFOUND')],
    [
      'a connection the remote closed',
      502,
      'runtime.external.unreachable',
      failed('', 'Connection terminated unexpectedly'),
    ],
    [
      'PostgreSQL: the database dropped since the connection was saved',
      502,
      'runtime.external.unreachable',
      failed('3D000'),
    ],
    [
      'PostgreSQL: terminated by an administrator (drop … with force)',
      502,
      'runtime.external.unreachable',
      failed('57P01'),
    ],
    ['PostgreSQL: the server starting up', 502, 'runtime.external.unreachable', failed('57P03')],
    ['PostgreSQL: a connection exception', 502, 'runtime.external.unreachable', failed('08006')],
    ['a connect timeout', 504, 'runtime.external.timeout', failed('ETIMEDOUT')],
    ['PostgreSQL: statement_timeout', 504, 'runtime.external.timeout', failed('57014')],
    ['PostgreSQL: the password refused', 502, 'runtime.external.refused', failed('28P01')],
    ['PostgreSQL: a relation that is not there', 502, 'runtime.external.refused', failed('42P01')],
    ['PostgreSQL: a unique key violated', 502, 'runtime.external.refused', failed('23505')],
    ['PostgreSQL: a code that only looks like class 08', 502, 'runtime.external.refused', failed('080000')],
  ])('%s answers %i %s', (_case, status, key, error) => {
    const failure = remoteFailure(error, 'Shop');
    expect([failure.status, failure.body().MessageKey]).toEqual([status, key]);
    // The caller reads the connection's name, never the remote's words.
    expect(JSON.stringify(failure.body())).toContain('Shop');
    expect(JSON.stringify(failure.body())).not.toContain('the remote said');
  });
});
