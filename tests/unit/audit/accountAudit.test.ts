import { describe, expect, it } from 'vitest';
import { type AccountState, accountDeleted, accountEntries } from '../../../server/audit/accountAudit';

const user = { kind: 'user' as const, guid: 'u1', name: 'ann@example.com' };
const ann: AccountState = {
  fields: { Email: 'ann@example.com', FirstName: 'Ann' },
  active: true,
  roles: [2, 1],
};
const apiUser = { kind: 'apiUser' as const, guid: 'a1', name: 'shop' };
const shop: AccountState = { fields: { Username: 'shop' }, active: true, roles: [], secret: 'token-one' };

describe('accountEntries (issue 10 point 7: users and API users in the audit trail; spec part 1 §3 "User", "API user")', () => {
  it.each([
    [
      'a new user: created with its fields, then its roles',
      user,
      null,
      ann,
      [
        [
          'created',
          [
            { path: 'Email', change: 'added', after: 'ann@example.com' },
            { path: 'FirstName', change: 'added', after: 'Ann' },
            { path: 'IsActive', change: 'added', after: true },
          ],
        ],
        ['rolesChanged', [{ path: 'Roles', change: 'changed', before: [], after: [1, 2] }]],
      ],
    ],
    [
      'a new user without roles: created only',
      user,
      null,
      { ...ann, roles: [] },
      [['created', expect.any(Array)]],
    ],
    [
      'a save of a field: saved with the field',
      user,
      ann,
      { ...ann, fields: { ...ann.fields, FirstName: 'Anna' } },
      [['saved', [{ path: 'FirstName', change: 'changed', before: 'Ann', after: 'Anna' }]]],
    ],
    ['a save that changes nothing: saved, empty, as a builder item', user, ann, ann, [['saved', []]]],
    [
      'only switched off: deactivated, no empty save',
      user,
      ann,
      { ...ann, active: false },
      [['deactivated', [{ path: 'IsActive', change: 'changed', before: true, after: false }]]],
    ],
    [
      'switched on and renamed: saved, then activated',
      user,
      { ...ann, active: false },
      { ...ann, fields: { ...ann.fields, FirstName: 'Anna' }, active: true },
      [
        ['saved', [{ path: 'FirstName', change: 'changed', before: 'Ann', after: 'Anna' }]],
        ['activated', [{ path: 'IsActive', change: 'changed', before: false, after: true }]],
      ],
    ],
    ['roles in another order are no change', user, ann, { ...ann, roles: [1, 2] }, [['saved', []]]],
    [
      'only roles: rolesChanged, no empty save',
      user,
      ann,
      { ...ann, roles: [1] },
      [['rolesChanged', [{ path: 'Roles', change: 'changed', before: [1, 2], after: [1] }]]],
    ],
    [
      'a renewed token (spec part 1 §4 "API user token"): tokenRenewed, without the token',
      apiUser,
      shop,
      { ...shop, secret: 'token-two' },
      [['tokenRenewed', []]],
    ],
    [
      'a new API user: created without its token',
      apiUser,
      null,
      shop,
      [
        [
          'created',
          [
            { path: 'Username', change: 'added', after: 'shop' },
            { path: 'IsActive', change: 'added', after: true },
          ],
        ],
      ],
    ],
  ])('%s', (_name, account, before: AccountState | null, after: AccountState, expected) => {
    const entries = accountEntries(account, before, after);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual(expected);
    expect(entries.every((entry) => entry.kind === account.kind && entry.guid === account.guid)).toBe(true);
    // The token is compared, never recorded.
    expect(JSON.stringify(entries)).not.toContain('token-');
  });

  it('a deleted account: what it was, removed, without its token', () => {
    const entry = accountDeleted(apiUser, shop);
    expect(entry).toMatchObject({ action: 'deleted', kind: 'apiUser', name: 'shop' });
    expect(entry.changes.map((change) => [change.path, change.change])).toEqual([
      ['Username', 'removed'],
      ['IsActive', 'removed'],
    ]);
    expect(JSON.stringify(entry)).not.toContain('token-one');
  });
});
