import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A drawer's item read fresh when the drawer opens, so it never edits the list's older copy of it (another
 * admin's save, a two-factor enrolment since the list loaded). Loading and failure show in the drawer.
 * @example <DrawerLoader queryKey={['users', guid]} load={() => getUser(guid)}>{(user) => <UserDrawer user={user} />}</DrawerLoader>
 */
export function DrawerLoader<T>({
  queryKey,
  load,
  children,
}: {
  queryKey: QueryKey;
  load(): Promise<T>;
  children(item: T): ReactNode;
}) {
  const item = useQuery({ queryKey, queryFn: load, staleTime: 0, gcTime: 0 });
  if (item.isPending)
    return (
      <div className="page--centered" aria-busy="true">
        <span className="spinner" role="status" aria-label="Loading" />
      </div>
    );
  if (item.isError)
    return (
      <p className="empty-state" role="alert">
        {item.error.message}
      </p>
    );
  return <>{children(item.data)}</>;
}
