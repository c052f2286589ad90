import { Link } from 'react-router-dom';
import type { components } from '../../../generated/uiservices';
import { isItemKind, itemKinds, itemPath } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { ChangeList } from './ChangeList';

export type AuditEntry = components['schemas']['AuditEntry'];

const kindLabel = (kind: string) => (isItemKind(kind) ? itemKinds[kind].label : t(`audit.kind.${kind}`));

/**
 * Audit entries as a table, newest first: when, who, what, and the changes behind a disclosure
 * (issue 10 point 7). `showItem` adds the item type and a link to the item (the admin-wide view).
 */
export function AuditEntries({
  entries,
  label,
  showItem,
}: {
  entries: readonly AuditEntry[];
  label: string;
  showItem: boolean;
}) {
  return (
    <table className="list__table audit-entries" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('audit.column.at')}</th>
          <th scope="col">{t('audit.column.user')}</th>
          <th scope="col">{t('audit.column.action')}</th>
          {showItem && <th scope="col">{t('audit.column.kind')}</th>}
          {showItem && <th scope="col">{t('audit.column.name')}</th>}
          <th scope="col">{t('audit.column.changes')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.Id}>
            <td>
              <time dateTime={entry.At}>{new Date(entry.At).toLocaleString()}</time>
            </td>
            <td>{entry.User ?? t('audit.system')}</td>
            <td>{t(`audit.action.${entry.Action}`)}</td>
            {showItem && <td>{kindLabel(entry.Kind)}</td>}
            {showItem && (
              <td>
                {isItemKind(entry.Kind) && entry.Action !== 'deleted' ? (
                  <Link to={itemPath(entry.Kind, entry.Guid, entry.Connection)}>{entry.Name}</Link>
                ) : (
                  entry.Name
                )}
              </td>
            )}
            <td>
              {entry.Changes.length === 0 ? (
                '—'
              ) : (
                <details>
                  <summary>{t('audit.changes', { count: entry.Changes.length })}</summary>
                  <ChangeList changes={entry.Changes} label={t('audit.column.changes')} />
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
