import { Link } from 'react-router-dom';
import type { components } from '../../../generated/uiservices';
import { itemKinds } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { usagePath } from '../../permissions/usagePath';
import './usage.css';

type UsageEntry = components['schemas']['UsageEntry'];
type ImpactEntry = components['schemas']['ImpactEntry'];

const isImpact = (entry: UsageEntry | ImpactEntry): entry is ImpactEntry => 'Reason' in entry;

/**
 * Items that use another, each a link to where it is edited (issue 10 point 1): a flow opens at the
 * version that uses it. With impact entries a column says why each would break. `onOpen` runs when a
 * link is followed (the refusal dialog closes itself).
 */
export function UsageTable({
  entries,
  hidden,
  label,
  onOpen,
}: {
  entries: ReadonlyArray<UsageEntry | ImpactEntry>;
  hidden: number;
  label: string;
  onOpen?: () => void;
}) {
  const reasons = entries.some(isImpact);
  return (
    <>
      {entries.length > 0 && (
        <table className="list__table usage-table" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">{t('audit.column.name')}</th>
              <th scope="col">{t('audit.column.kind')}</th>
              <th scope="col">{reasons ? t('usage.column.reason') : t('usage.column.state')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={`${entry.Kind}:${entry.Guid}:${isImpact(entry) ? `${entry.Reason}:${entry.Message}` : ''}`}
              >
                <td>
                  <Link to={usagePath(entry)} onClick={onOpen}>
                    {entry.Name}
                  </Link>
                </td>
                <td>{itemKinds[entry.Kind].label}</td>
                <td>
                  {isImpact(entry) ? (
                    entry.Message
                  ) : (
                    <span
                      className={`badge ${entry.State === 'published' ? 'badge--published' : 'badge--draft'}`}
                    >
                      {t(`usage.state.${entry.State}`)}
                    </span>
                  )}
                  {entry.Via && (
                    <span className="usage-table__via">
                      {' '}
                      ({t('usage.via', { kind: itemKinds[entry.Via.Kind].label, name: entry.Via.Name })})
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hidden > 0 && <p className="list__muted">{t('usage.hidden', { count: hidden })}</p>}
    </>
  );
}
