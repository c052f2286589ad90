import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { t } from '../../messages/t';
import { signedInClaimsAtom } from '../../state/session';
import type { ModuleRoute } from '../modules/moduleRoutes';

interface HomeScreenProps {
  routes: readonly ModuleRoute[];
  pending: boolean;
  failed: boolean;
  retry: () => void;
}

const placeholders = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Home: a welcome and the module links the user may open (spec part 1 §2 'Signed-in routes'). */
export function HomeScreen({ routes, pending, failed, retry }: HomeScreenProps) {
  const claims = useAtomValue(signedInClaimsAtom);
  const name = claims?.name ?? claims?.sub;

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{name ? t('home.welcomeName', { name }) : t('home.welcome')}</h1>
        <p className="page__lead">{t('home.lead')}</p>
      </header>
      {pending ? (
        <div className="module-grid" aria-busy="true">
          {placeholders.map((slot) => (
            <div key={slot} className="module-card module-card--placeholder" />
          ))}
        </div>
      ) : failed ? (
        <div className="empty-state" role="alert">
          <p>{t('home.modulesFailed')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('shell.retry')}
          </button>
        </div>
      ) : routes.length === 0 ? (
        <p className="empty-state">{t('home.noModules')}</p>
      ) : (
        <nav className="module-grid" aria-label={t('home.modules')}>
          {routes.map((route) => (
            <Link key={route.path} className="module-card" to={route.path}>
              <span className="module-card__group">{route.groupLabel || t('home.ungrouped')}</span>
              <span className="module-card__title">{route.label}</span>
              <span className="module-card__text">{route.description}</span>
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
