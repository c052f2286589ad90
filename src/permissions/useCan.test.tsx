import { renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../api/tokenStore';
import { useCan } from './useCan';

const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, '');
const token = (claims: object) =>
  `${encode({ alg: 'HS256' })}.${encode({ sub: 'anna@example.com', exp: 4_000_000_000, ...claims })}.sig`;

function canWith(claims: object | null) {
  if (claims) writeTokens(token(claims), 'refresh');
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useCan(), { wrapper }).result.current;
}

describe('useCan (spec part 1 §6)', () => {
  it.each<[string, object | null, string, string, boolean]>([
    ['signed out', null, 'Dashboard', 'Read', false],
    [
      'level 1 only (spec part 1 §4: only level 2 counts)',
      { acr: '1', admin: true },
      'Dashboard',
      'Read',
      false,
    ],
    [
      'admin (spec part 1 §6: may do everything)',
      { acr: '2', admin: true },
      'UserManagement',
      'Delete',
      true,
    ],
    [
      'entitled',
      { acr: '2', entitlements: { UserManagement: ['Read', 'Upsert'] } },
      'UserManagement',
      'Upsert',
      true,
    ],
    [
      'not entitled',
      { acr: '2', entitlements: { UserManagement: ['Read'] } },
      'UserManagement',
      'Delete',
      false,
    ],
    [
      'entitlements as a JSON string',
      { acr: '2', entitlements: '{"Queue":["Read"]}' },
      'Queue',
      'Read',
      true,
    ],
  ])('%s: %s %s → %s', (_, claims, module, action, expected) => {
    expect(canWith(claims)(module, action)).toBe(expected);
  });
});
