import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AnyBuilder } from '../../engine/builder/BuilderDefinition';
import { itemQuery, listQuery } from '../../engine/builder/builderQueries';
import type { MessageKey } from '../../messages/en';
import { t } from '../../messages/t';
import { failureNotice } from '../../shell/notifications/failureNotice';
import { usePageTitle } from '../../shell/title/usePageTitle';
import type { ValidationContext } from '../../validation/runtime';

export interface ScopedItem {
  /** The stored item, or null for a new one. */
  original: object | null;
  connection: string;
  /** Peers for the name's uniqueness among the connection's items (spec part 2 §5 'Names'). */
  context: ValidationContext;
  onClose(): void;
}

/** A spinner while something the editor needs is loading. */
export function Loading() {
  return (
    <div className="page page--centered" aria-busy="true">
      <span className="spinner" role="status" aria-label="Loading" />
    </div>
  );
}

/**
 * An item of a connection at route/:id?connection=: loads it (or starts a new one at /new) with its
 * peers, says 'was not found' in the area's words (spec part 2 §8) and hands the rest to `children`.
 */
export function ScopedItemDetail({
  builder,
  notFound,
  ready = true,
  children,
}: {
  builder: AnyBuilder;
  notFound: MessageKey;
  /** False while the editor's own lookups load. */
  ready?: boolean;
  children(item: ScopedItem): ReactNode;
}) {
  usePageTitle(builder.title);
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connection = params.get('connection') ?? '';
  const isNew = id === 'new';
  const item = useQuery({
    ...itemQuery(builder, id, { connection }),
    meta: { notFoundKey: notFound },
    enabled: !isNew && connection !== '',
  });
  const list = useQuery(listQuery(builder, { connection }));
  const context = useMemo<ValidationContext>(
    () =>
      builder.peersList && list.data
        ? {
            peers: {
              [builder.peersList]: list.data.map((row) => ({ id: builder.id(row), name: builder.name(row) })),
            },
          }
        : {},
    [builder, list.data],
  );
  if (!connection || (!isNew && item.isError) || (!isNew && !item.isPending && !item.data)) {
    return (
      <div className="page">
        <p className="empty-state" role="alert">
          {/* The same words as the failure's notice (src/app/queryClient.ts), kept on the page. */}
          {item.error ? failureNotice(item.error, { notFoundKey: notFound }).text : t(notFound)}
        </p>
      </div>
    );
  }
  if ((!isNew && item.isPending) || !ready || list.isPending) return <Loading />;
  return (
    <Fragment key={id}>
      {children({
        original: isNew ? null : (item.data as object),
        connection,
        context,
        onClose: () => navigate({ pathname: builder.route, search: params.toString() }),
      })}
    </Fragment>
  );
}
