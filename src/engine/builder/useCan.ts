import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { can } from '../../permissions/entitlements';
import { signedInClaimsAtom } from '../../state/session';

/** `can(area, action)` for the signed-in user (spec part 1 §6: admins may do everything). */
export function useCan() {
  const claims = useAtomValue(signedInClaimsAtom);
  return useCallback((area: string, action: string) => can(claims, area, action), [claims]);
}
