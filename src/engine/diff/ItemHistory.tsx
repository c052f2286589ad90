import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation } from '../../api/callOperation';
import type { ItemKindName } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { AuditEntries } from './AuditEntries';

/** The query key of an item's history, for pages that change the item without reloading it. */
export const itemHistoryKey = (kind: ItemKindName, guid: string) => ['audit', 'item', kind, guid] as const;

/**
 * An item's history (issue 10 point 7): who created, saved, published or deleted it, when, and what
 * changed. Loads when opened, so an editor costs nothing until the admin asks. `title` names it where
 * 'History' already means something else (the Flow Builder's history of versions).
 */
export function ItemHistory({
  kind,
  guid,
  title = t('audit.history'),
}: {
  kind: ItemKindName;
  guid: string;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: itemHistoryKey(kind, guid),
    queryFn: () => callOperation('Audit.GetItemHistory', { query: { Kind: kind, Guid: guid } }),
    enabled: open,
    staleTime: 0,
  });
  return (
    <details className="item-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="item-history__title">{title}</summary>
      {history.isPending && open ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : history.error ? (
        <p role="alert">{history.error.message}</p>
      ) : history.data && history.data.length === 0 ? (
        <p className="list__muted">{t('audit.historyEmpty')}</p>
      ) : history.data ? (
        <AuditEntries entries={history.data} label={title} showItem={false} />
      ) : null}
    </details>
  );
}
