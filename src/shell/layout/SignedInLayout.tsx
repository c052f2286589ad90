import type { ReactNode } from 'react';
import { SideMenu } from './SideMenu';

/** Side menu and main view, shown only when logged in (spec part 1 §2 'Shell layers'). */
export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <SideMenu />
      <main className="layout__main" id="main">
        {children}
      </main>
    </div>
  );
}
