import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { isApiError } from '../../api/ApiError';
import { t } from '../../messages/t';
import { closeConfirmAtom, useConfirm } from '../../shell/dialogs/confirm';
import { UsageTable } from './UsageTable';

/**
 * Shows a publish or delete the server refused because published items use the item (issue 10 point 1):
 * a dialog with the server's message and what would break, each a link that closes the dialog and opens
 * the item. Answers whether `error` was such a refusal (otherwise the caller reports it as usual).
 * @example const refused = useImpactRefusal(); catch (error) { if (!refused(error, 'document')) notifyError(error); }
 */
export function useImpactRefusal() {
  const confirm = useConfirm();
  const close = useSetAtom(closeConfirmAtom);
  return useCallback(
    (error: unknown, item: string): boolean => {
      if (!isApiError(error) || !error.impact) return false;
      const impact = error.impact;
      const deleting = impact.Action === 'delete';
      // Not awaited: the editor is no longer busy while the dialog is open, so leaving it for a listed
      // item asks Leave or Stay like any other way out (spec part 1 §2 'Navigation rules').
      void confirm({
        title: t(deleting ? 'impact.deleteTitle' : 'impact.publishTitle', { item }),
        body: error.message,
        cancelText: null,
        details: (
          <section className="impact" aria-label={t('impact.list')}>
            <p className="impact__note">{t(deleting ? 'impact.deleteBody' : 'impact.publishBody')}</p>
            <h3 className="impact__title">{t('impact.list')}</h3>
            <div className="impact__table">
              <UsageTable
                entries={impact.Entries}
                hidden={impact.Hidden}
                label={t('impact.list')}
                onOpen={() => close(false)}
              />
            </div>
          </section>
        ),
      });
      return true;
    },
    [confirm, close],
  );
}
