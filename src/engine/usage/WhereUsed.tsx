import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';
import type { ItemKindName } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { UsageTable } from './UsageTable';
import './usage.css';

/**
 * Where an item is used (issue 10 point 1), beside its history under every builder's editor: the items
 * that use it, computed by the server from the stored items, with links. The count shows in the summary,
 * so an admin sees before editing that something depends on the item.
 */
export function WhereUsed({
  kind,
  guid,
  connection,
  item,
}: {
  kind: ItemKindName;
  guid: string;
  connection?: string | undefined;
  /** The item in texts: 'document'. */
  item: string;
}) {
  const usage = useQuery({
    queryKey: ['usage', kind, guid, connection ?? null],
    queryFn: () =>
      callOperation('Items.GetItemUsage', {
        query: { Kind: kind, Guid: guid, ...(connection ? { Connection: connection } : {}) },
      }),
    staleTime: 0,
  });
  const count = usage.data ? usage.data.Entries.length + usage.data.Hidden : undefined;
  return (
    <details className="item-usage">
      <summary className="item-usage__title">
        {count === undefined ? t('usage.title') : t('usage.titleCount', { count })}
      </summary>
      {usage.isPending ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : usage.error ? (
        <p role="alert">{usage.error.message}</p>
      ) : count === 0 ? (
        <p className="list__muted">{t('usage.empty', { item })}</p>
      ) : (
        <UsageTable
          entries={usage.data.Entries}
          hidden={usage.data.Hidden}
          label={t('usage.list', { item })}
        />
      )}
    </details>
  );
}
