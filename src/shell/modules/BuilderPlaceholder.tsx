import { t } from '../../messages/t';
import type { ModuleRoute } from './moduleRoutes';

/** The page of a builder whose screens are not in this build yet. */
export function BuilderPlaceholder({ route }: { route: ModuleRoute }) {
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{route.label}</h1>
        <p className="page__lead">{route.description}</p>
      </header>
      <div className="empty-state" data-testid="builder-placeholder">
        <p className="empty-state__title">{t('builder.placeholderTitle')}</p>
        <p>{t('builder.placeholderText')}</p>
      </div>
    </div>
  );
}
