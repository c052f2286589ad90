import type { FieldChange } from '../../domain/diff/diffItems';
import { t } from '../../messages/t';
import { ChangeList } from './ChangeList';

/**
 * What a publish overwrites (issue 10 point 2), for the publish confirmation: the changes against the
 * published version field by field, or why they cannot be shown.
 */
export function PublishDiff({
  changes,
  firstPublish,
  failed,
}: {
  changes: readonly FieldChange[];
  firstPublish: boolean;
  failed: boolean;
}) {
  if (failed) return <p className="publish-diff__note">{t('diff.failed')}</p>;
  return (
    <section className="publish-diff" aria-label={t('diff.title')}>
      <h3 className="publish-diff__title">{t('diff.title')}</h3>
      {firstPublish && <p className="publish-diff__note">{t('diff.firstPublish')}</p>}
      {changes.length === 0 ? (
        <p className="publish-diff__note">{t('diff.none')}</p>
      ) : (
        <div className="publish-diff__table">
          <ChangeList changes={changes} label={t('diff.title')} />
        </div>
      )}
    </section>
  );
}
