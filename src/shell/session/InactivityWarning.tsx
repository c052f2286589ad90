import { useRef } from 'react';
import { t } from '../../messages/t';
import { useFocusTrap } from '../overlays/useFocusTrap';
import { useOverlayLayer } from '../overlays/useOverlayLayer';

/** The inactivity warning: a countdown in seconds and a Continue button (spec part 1 §4 'Inactivity'). */
export function InactivityWarning({
  secondsLeft,
  onContinue,
}: {
  secondsLeft: number;
  onContinue: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useOverlayLayer(true, onContinue);
  useFocusTrap(dialog, true);
  return (
    <div className="dialog-backdrop dialog-backdrop--top" role="presentation">
      <div
        ref={dialog}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="inactivity-title"
        aria-describedby="inactivity-body"
        data-testid="inactivity-warning"
      >
        <h2 id="inactivity-title" className="dialog__title">
          {t('inactivity.title')}
        </h2>
        <p id="inactivity-body" className="dialog__body">
          {t('inactivity.body', { seconds: secondsLeft })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={onContinue}>
            {t('inactivity.continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
