import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { signedInClaimsAtom } from '../../state/session';
import { clientModulesQuery } from './clientModulesQuery';
import { moduleRoutes } from './moduleRoutes';
import { permittedModuleRoutes } from './permittedModuleRoutes';

/**
 * The signed-in user's module routes, rebuilt whenever the module list or the token's entitlements
 * change (spec part 1 §2). `pending` is true until the list first arrives, so a deep link is not sent
 * home before its route exists.
 */
export function usePermittedModuleRoutes() {
  const claims = useAtomValue(signedInClaimsAtom);
  const modules = useQuery(clientModulesQuery());
  const routes = useMemo(
    () => permittedModuleRoutes(moduleRoutes, modules.data ?? [], claims),
    [modules.data, claims],
  );
  return { routes, pending: modules.isPending, failed: modules.isError, retry: modules.refetch };
}
