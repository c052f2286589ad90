import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { can } from '../../permissions/entitlements';
import { signedInClaimsAtom } from '../../state/session';
import { useLogout } from '../account/useLogout';
import { clientModulesQuery } from '../modules/clientModulesQuery';
import { type ModuleRoute, menuGroups, moduleRoutes } from '../modules/moduleRoutes';

function MenuLink({ route }: { route: ModuleRoute }) {
  return (
    <li>
      <NavLink className="menu__link" to={route.path}>
        {route.label}
      </NavLink>
    </li>
  );
}

/**
 * The side menu: home, ungrouped items, then the groups in order as collapsible sub-menus, active when
 * the path contains one of their item names; items only when permitted (spec part 1 §2).
 */
export function SideMenu() {
  const claims = useAtomValue(signedInClaimsAtom);
  const modules = useQuery(clientModulesQuery());
  const location = useLocation();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const present = new Set(modules.data?.map((module) => module.Name));
  const visible = moduleRoutes
    .filter((route) => present.has(route.module) && can(claims, route.module, 'Read'))
    .sort((a, b) => a.order - b.order);

  return (
    <nav className="menu" aria-label="Main">
      <Link className="menu__brand" to="/">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>Integration Console</span>
      </Link>
      <ul className="menu__list">
        <li>
          <NavLink className="menu__link" to="/" end>
            Home
          </NavLink>
        </li>
        {visible
          .filter((route) => route.group === 'none')
          .map((route) => (
            <MenuLink key={route.path} route={route} />
          ))}
      </ul>
      {menuGroups
        .filter((group) => group.id !== 'home')
        .map((group) => {
          const items = visible.filter((route) => route.group === group.id);
          if (items.length === 0) return null;
          const active = items.some((route) => location.pathname.includes(route.path.slice(1)));
          const isCollapsed = collapsed[group.id] ?? !active;
          return (
            <div key={group.id} className={`menu__group${active ? ' menu__group--active' : ''}`}>
              <button
                type="button"
                className="menu__group-toggle"
                aria-expanded={!isCollapsed}
                onClick={() => setCollapsed({ ...collapsed, [group.id]: !isCollapsed })}
              >
                {group.label}
                <span className="menu__chevron" aria-hidden="true" />
              </button>
              {!isCollapsed && (
                <ul className="menu__list">
                  {items.map((route) => (
                    <MenuLink key={route.path} route={route} />
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      <div className="menu__footer">
        <NavLink className="menu__link menu__profile" to="/profile">
          {claims?.name ?? claims?.sub}
        </NavLink>
        <button type="button" className="menu__logout" onClick={logout}>
          Log out
        </button>
        {claims?.env && claims.env !== 'production' && <span className="menu__env">{claims.env}</span>}
      </div>
    </nav>
  );
}
