import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';
import type { ItemKindName } from '../../permissions/itemKinds';
import { AuditEntries } from './AuditEntries';

/**
 * An item's history (issue 10 point 7): who created, saved, published or deleted it, when, and what
 * changed. Loads when opened, so an editor costs nothing until the admin asks.
 */
export function ItemHistory({ kind, guid }: { kind: ItemKindName; guid: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['audit', 'item', kind, guid],
    queryFn: () => callOperation('Audit.GetItemHistory', { query: { Kind: kind, Guid: guid } }),
    enabled: open,
    staleTime: 0,
  });
  return (
    <details className="item-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="item-history__title">{t('audit.history')}</summary>
      {history.isPending && open ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : history.error ? (
        <p role="alert">{history.error.message}</p>
      ) : history.data && history.data.length === 0 ? (
        <p className="list__muted">{t('audit.historyEmpty')}</p>
      ) : history.data ? (
        <AuditEntries entries={history.data} label={t('audit.history')} showItem={false} />
      ) : null}
    </details>
  );
}
