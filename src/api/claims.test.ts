import { describe, expect, it } from 'vitest';
import { isSignedIn, readClaims } from './claims';

const token = (payload: object) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('readClaims (spec part 1 §3 "Session token")', () => {
  it('reads acr, sub, entitlements, amr, admin, exp and env', () => {
    const claims = readClaims(
      token({
        acr: '2',
        sub: 'anna@example.com',
        entitlements: { FlowBuilder: ['Read'] },
        amr: ['pwd', 'mfa'],
        admin: false,
        exp: 2000000000,
        env: 'test',
      }),
    );
    expect(claims).toEqual({
      acr: '2',
      sub: 'anna@example.com',
      entitlements: { FlowBuilder: ['Read'] },
      amr: ['pwd', 'mfa'],
      admin: false,
      exp: 2000000000,
      env: 'test',
    });
    expect(isSignedIn(claims)).toBe(true);
  });

  it('accepts entitlements as a JSON string and a single amr value', () => {
    const claims = readClaims(
      token({ acr: 2, sub: 'x', entitlements: '{"Dashboard":["Read"]}', amr: 'mfa', admin: 'true', exp: 1 }),
    );
    expect(claims?.entitlements).toEqual({ Dashboard: ['Read'] });
    expect(claims?.amr).toEqual(['mfa']);
    expect(claims?.admin).toBe(true);
  });

  it('only level 2 counts as logged in (part 1 §4 "Sign-in")', () => {
    expect(isSignedIn(readClaims(token({ acr: '1', sub: 'x', exp: 1 })))).toBe(false);
  });

  it.each([null, '', 'garbage', 'a.b.c', token({ acr: '2' })])(
    'answers null for an unreadable token %s',
    (value) => {
      expect(readClaims(value)).toBeNull();
    },
  );
});
