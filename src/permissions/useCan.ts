import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { signedInClaimsAtom } from '../state/session';
import { can } from './entitlements';

/**
 * The signed-in user's permission check, for routes, menu, lists and drawers (spec part 1 §6).
 * @example const allowed = useCan(); if (allowed('UserManagement', 'Upsert')) showSave();
 */
export function useCan(): (module: string, action: string) => boolean {
  const claims = useAtomValue(signedInClaimsAtom);
  return useCallback((module: string, action: string) => can(claims, module, action), [claims]);
}
