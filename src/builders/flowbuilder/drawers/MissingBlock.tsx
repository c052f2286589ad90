import { t } from '../../../messages/t';

/** The block a drawer was opened for is gone (deleted meanwhile). */
export function MissingBlock() {
  return (
    <p className="empty-state" role="alert">
      {t('fb.field.missingIndex')}
    </p>
  );
}
