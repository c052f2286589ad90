import { useLoader } from '../loader/useLoader';

/** What a route shows while its code or data loads: the loading overlay is registered meanwhile. */
export function RouteLoading() {
  useLoader(true);
  return <div className="route-loading" aria-busy="true" />;
}
