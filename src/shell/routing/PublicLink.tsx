import type { MouseEvent, ReactNode } from 'react';
import { goTo } from './publicLocation';

/**
 * A link between the signed-out screens: a real anchor (so it opens in a new tab on request) that
 * moves in place with goTo on a plain click.
 */
export function PublicLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(to);
  };
  return (
    <a href={to} className={className} onClick={follow}>
      {children}
    </a>
  );
}
