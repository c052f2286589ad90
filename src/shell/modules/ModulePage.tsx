import { Suspense } from 'react';
import { builderPage } from '../../builders/builderPages';
import { RouteLoading } from '../routing/RouteLoading';
import { BuilderPlaceholder } from './BuilderPlaceholder';
import { ClientModuleFrame } from './ClientModuleFrame';
import type { ModuleRoute } from './moduleRoutes';

/**
 * The page of a module route: client modules embed their frame; builders load their page from
 * src/builders/<route>/page.tsx on demand, or show a placeholder until one exists.
 */
export function ModulePage({ route }: { route: ModuleRoute }) {
  if (route.embedded) return <ClientModuleFrame route={route} />;
  const Page = builderPage(route.path);
  if (!Page) return <BuilderPlaceholder route={route} />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <Page />
    </Suspense>
  );
}
