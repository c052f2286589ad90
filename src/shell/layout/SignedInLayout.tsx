import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DrawerStack } from '../../engine/drawers/DrawerStack';
import { t } from '../../messages/t';
import { useMediaQuery } from '../../ui/useMediaQuery';
import type { ModuleRoute } from '../modules/moduleRoutes';
import { useFocusTrap } from '../overlays/useFocusTrap';
import { useOverlayLayer } from '../overlays/useOverlayLayer';
import { CommandPalette } from '../palette/CommandPalette';
import { PRODUCT_NAME } from '../productName';
import { phoneQuery } from './breakpoints';
import { SideMenu } from './SideMenu';

const MENU_ID = 'side-menu';

/**
 * Side menu and main view, shown only when logged in (spec part 1 §2 'Shell layers'). Below tablet width
 * (768, §9) the menu collapses behind a toggle and opens over the page: Escape, the backdrop or a
 * navigation closes it, and focus stays in it while open.
 */
export function SignedInLayout({
  routes,
  children,
}: {
  routes: readonly ModuleRoute[];
  children: ReactNode;
}) {
  const phone = useMediaQuery(phoneQuery);
  const [open, setOpen] = useState(false);
  const overlay = phone && open;
  const { pathname } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  useOverlayLayer(overlay, () => setOpen(false));
  useFocusTrap(panel, overlay);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (new pathname) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className={`layout${overlay ? ' layout--menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="topbar__toggle"
          aria-expanded={overlay}
          aria-controls={MENU_ID}
          onClick={() => setOpen(!open)}
        >
          <span className="topbar__burger" aria-hidden="true" />
          <span>{t('menu.toggle')}</span>
        </button>
        <span className="topbar__title">{PRODUCT_NAME}</span>
      </header>
      {overlay && (
        // Clicking beside the open menu closes it; keyboard users have Escape and the toggle.
        <button
          type="button"
          className="layout__backdrop"
          tabIndex={-1}
          aria-label={t('menu.close')}
          onClick={() => setOpen(false)}
        />
      )}
      <div className="layout__menu" ref={panel} hidden={phone && !open ? true : undefined}>
        <SideMenu id={MENU_ID} routes={routes} />
      </div>
      <main className="layout__main" id="main" tabIndex={-1}>
        {children}
      </main>
      {/* One drawer stack for every page (spec part 2 §2 'Drawers'); drawers sit over the page, beside the menu. */}
      <DrawerStack />
      {/* Ctrl/Cmd+K: builders, items and the page's actions (issue 10 point 4). */}
      <CommandPalette routes={routes} />
    </div>
  );
}
