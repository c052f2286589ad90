import { useAtomValue, useSetAtom } from 'jotai';
import { type MouseEvent, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../messages/t';
import { signedInClaimsAtom } from '../../state/session';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { useLogout } from '../account/useLogout';
import { type MenuSection, menuSections } from '../modules/menuSections';
import type { ModuleRoute } from '../modules/moduleRoutes';
import { PRODUCT_NAME } from '../productName';
import { LEAVE_CONFIRMED } from '../routing/leaveConfirmed';
import { useConfirmLeave } from '../routing/useConfirmLeave';

interface SideMenuProps {
  id: string;
  routes: readonly ModuleRoute[];
}

/**
 * The side menu (spec part 1 §2): home, the ungrouped Flow Builder, then the groups Admin Builder,
 * Management, Admin Modules and Client Module as collapsible sub-menus, open and marked active when the
 * path contains one of their item names; only permitted items; the profile link labelled with the user
 * name, log out, and the environment label unless production. Client-module items are external content
 * and confirm before leaving unsaved changes.
 */
export function SideMenu({ id, routes }: SideMenuProps) {
  const claims = useAtomValue(signedInClaimsAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const unsaved = useAtomValue(unsavedChangesAtom) > 0;
  const setUnsaved = useSetAtom(unsavedChangesAtom);
  const confirmLeave = useConfirmLeave();
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const sections = menuSections(routes, pathname);

  const openExternal = async (event: MouseEvent, route: ModuleRoute) => {
    if (!unsaved || pathname === route.path) return;
    event.preventDefault();
    if (!(await confirmLeave())) return;
    setUnsaved(0);
    navigate(route.path, { state: LEAVE_CONFIRMED });
  };

  const link = (route: ModuleRoute) => (
    <li key={route.path}>
      <NavLink
        className="menu__link"
        to={route.path}
        onClick={route.embedded ? (event) => void openExternal(event, route) : undefined}
      >
        {route.label}
      </NavLink>
    </li>
  );

  const group = (section: MenuSection) => {
    const expanded = toggled[section.group] ?? section.active;
    const listId = `${id}-${section.group}`;
    return (
      <li key={section.group} className={`menu__group${section.active ? ' menu__group--active' : ''}`}>
        <button
          type="button"
          className="menu__group-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setToggled({ ...toggled, [section.group]: !expanded })}
        >
          <span>{section.label}</span>
          <span className="menu__chevron" aria-hidden="true" />
        </button>
        <ul className="menu__list menu__list--nested" id={listId} hidden={!expanded}>
          {section.items.map(link)}
        </ul>
      </li>
    );
  };

  const name = claims?.name ?? claims?.sub ?? '';
  return (
    <nav className="menu" id={id} aria-label={t('menu.label')}>
      <Link className="menu__brand" to="/">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <ul className="menu__list menu__sections">
        <li>
          <NavLink className="menu__link" to="/" end>
            {t('menu.home')}
          </NavLink>
        </li>
        {sections.map((section) => (section.group === 'none' ? section.items.map(link) : group(section)))}
      </ul>
      <div className="menu__footer">
        <NavLink className="menu__link menu__profile" to="/profile" title={t('menu.profile')}>
          <span className="menu__avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="menu__profile-name">{name}</span>
        </NavLink>
        <button type="button" className="menu__logout" onClick={() => void logout()}>
          {t('menu.logout')}
        </button>
        {claims?.env && claims.env !== 'production' && (
          <span className="menu__env" title={t('menu.environment')}>
            {claims.env}
          </span>
        )}
      </div>
    </nav>
  );
}
