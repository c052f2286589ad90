import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { can } from '../../permissions/entitlements';
import { signedInClaimsAtom } from '../../state/session';
import { clientModulesQuery } from '../modules/clientModulesQuery';
import { moduleRoutes } from '../modules/moduleRoutes';
import { usePageTitle } from '../usePageTitle';

/** Home: a welcome and the module links the user may open (spec part 1 §2 'Signed-in routes'). */
export function HomeScreen() {
  usePageTitle('Home');
  const claims = useAtomValue(signedInClaimsAtom);
  const modules = useQuery(clientModulesQuery());
  const present = new Set(modules.data?.map((module) => module.Name));
  const links = moduleRoutes.filter(
    (route) => present.has(route.module) && can(claims, route.module, 'Read'),
  );

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Welcome{claims?.name ? `, ${claims.name}` : ''}</h1>
        <p className="page__lead">
          Build connections, data models, methods, REST APIs, scripts and flows, and manage who may use them.
        </p>
      </header>
      {modules.isPending ? (
        <div className="module-grid" aria-busy="true">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
            <div key={slot} className="module-card module-card--placeholder" />
          ))}
        </div>
      ) : links.length === 0 ? (
        <p className="empty-state">Your roles give you no modules yet. Ask an administrator for access.</p>
      ) : (
        <nav className="module-grid" aria-label="Modules">
          {links.map((route) => (
            <Link key={route.path} className="module-card" to={route.path}>
              <span className="module-card__group">{route.groupLabel}</span>
              <span className="module-card__title">{route.label}</span>
              <span className="module-card__text">{route.description}</span>
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
