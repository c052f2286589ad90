import { describe, expect, it } from 'vitest';
import { remotePath } from './paths';

// Issue 30 point 4: "The flow gives the path. Refuse paths that escape a configured root folder."
describe('remotePath (issue 30 point 4: a flow’s path inside the connection’s root folder)', () => {
  it.each([
    // [root, given, answer, why]
    ['/srv/files', 'in/orders.csv', { ok: true, path: '/srv/files/in/orders.csv' }, 'relative to the root'],
    [
      '/srv/files',
      '/in/orders.csv',
      { ok: true, path: '/srv/files/in/orders.csv' },
      'a leading / is the root',
    ],
    ['/srv/files/', 'a//b/./c', { ok: true, path: '/srv/files/a/b/c' }, 'empty and . segments dropped'],
    ['/srv/files', 'in/../out/x.json', { ok: true, path: '/srv/files/out/x.json' }, '.. that stays inside'],
    ['/srv/files', '', { ok: true, path: '/srv/files' }, 'empty is the root itself (ListFolder)'],
    ['/srv/files', 'in/..', { ok: true, path: '/srv/files' }, 'back to the root'],
    ['/srv/files', '../etc/passwd', { ok: false, reason: 'outside' }, '.. above the root'],
    ['/srv/files', 'in/../../x', { ok: false, reason: 'outside' }, 'climbs out after going in'],
    ['/srv/files', '/../../etc', { ok: false, reason: 'outside' }, 'an absolute path climbing out'],
    ['exchange', 'a/b', { ok: true, path: 'exchange/a/b' }, 'a root relative to the login’s home'],
    ['/', '../x', { ok: false, reason: 'outside' }, 'even the server’s / as root'],
    ['/', 'x', { ok: true, path: '/x' }, 'under /'],
    ['', 'in/orders.csv', { ok: true, path: 'in/orders.csv' }, 'no root: as given'],
    ['', '/etc/../srv/x', { ok: true, path: '/srv/x' }, 'no root: normalised'],
    ['', '../up', { ok: true, path: '../up' }, 'no root: nothing to escape'],
    ['', '', { ok: true, path: '.' }, 'no root: empty is the home folder'],
    ['/srv/files', 'a\u0000b', { ok: false, reason: 'invalid' }, 'NUL ends a path in C'],
    ['/srv/files', 'a\nb', { ok: false, reason: 'invalid' }, 'a line break'],
    ['/srv/files', 'x'.repeat(1025), { ok: false, reason: 'invalid' }, 'longer than 1024'],
  ])('root %j, path %j → %j (%s)', (root, given, answer, _why) => {
    expect(remotePath(root, given)).toEqual(answer);
  });
});
