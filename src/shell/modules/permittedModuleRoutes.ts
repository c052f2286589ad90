import { can, type Principal } from '../../permissions/entitlements';
import type { ModuleRoute } from './moduleRoutes';

/**
 * The module routes a user has, in menu order: the module is in the platform's module list and the
 * user holds Read on it (spec part 1 §2 'Module routes', §6). Routes of equal order keep table order.
 */
export function permittedModuleRoutes(
  routes: readonly ModuleRoute[],
  modules: ReadonlyArray<{ Name: string }>,
  principal: Principal | null | undefined,
): ModuleRoute[] {
  const present = new Set(modules.map((module) => module.Name));
  return routes
    .filter(
      (route) =>
        present.has(route.module) &&
        can(principal, route.module, 'Read') &&
        (!route.adminOnly || principal?.admin === true),
    )
    .sort((a, b) => a.order - b.order);
}
