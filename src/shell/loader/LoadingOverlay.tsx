import { useSyncExternalStore } from 'react';
import { t } from '../../messages/t';
import { loaderRegistry } from './loaderRegistry';

/** The loading overlay, above the page while any loader is registered; it fades in after a moment so quick calls do not flash. */
export function LoadingOverlay() {
  const active = useSyncExternalStore(loaderRegistry.subscribe, loaderRegistry.active, loaderRegistry.active);
  if (!active) return null;
  return (
    <div className="loading-overlay" role="status" aria-label={t('shell.loading')} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
