import type { FieldChange } from '../../domain/diff/diffItems';
import { t } from '../../messages/t';
import { formatValue } from './formatValue';
import './changeList.css';

const changeLabel = { added: 'diff.added', removed: 'diff.removed', changed: 'diff.changed' } as const;

/**
 * Changes of an item field by field: the path, what happened, the old and the new value (issue 10
 * points 2 and 7: the diff before publish and the audit trail show the same table).
 */
export function ChangeList({ changes, label }: { changes: readonly FieldChange[]; label: string }) {
  return (
    <table className="change-list" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('diff.field')}</th>
          <th scope="col">{t('diff.change')}</th>
          <th scope="col">{t('diff.before')}</th>
          <th scope="col">{t('diff.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr
            key={`${change.path}:${change.change}`}
            className={`change-list__row change-list__row--${change.change}`}
          >
            <th scope="row" className="change-list__path">
              {change.path}
            </th>
            <td>{t(changeLabel[change.change])}</td>
            <td className="change-list__value">
              {change.change === 'added' ? '' : formatValue(change.before)}
            </td>
            <td className="change-list__value">
              {change.change === 'removed' ? '' : formatValue(change.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
