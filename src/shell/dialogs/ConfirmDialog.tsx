import { useAtomValue, useSetAtom } from 'jotai';
import { useRef } from 'react';
import { t } from '../../messages/t';
import { useFocusTrap } from '../overlays/useFocusTrap';
import { useOverlayLayer } from '../overlays/useOverlayLayer';
import { closeConfirmAtom, confirmQueueAtom } from './confirm';

/**
 * Renders the topmost confirmation (spec part 1 §4 'Confirmation dialog'). Focus moves to the confirm
 * button, stays inside while open and returns where it was; Escape cancels (or, for an information-only
 * dialog, acknowledges) when it is the topmost overlay.
 */
export function ConfirmDialog() {
  const queue = useAtomValue(confirmQueueAtom);
  const close = useSetAtom(closeConfirmAtom);
  const dialog = useRef<HTMLDivElement>(null);
  const top = queue.at(-1);
  const cancellable = top?.cancelText !== null;
  useOverlayLayer(Boolean(top), () => close(!cancellable));
  // Keyed by the request, so a dialog stacked on another gets focus afresh.
  useFocusTrap(dialog, Boolean(top), top);

  if (!top) return null;
  return (
    <div className="dialog-backdrop" role="presentation">
      <div
        ref={dialog}
        className={`dialog${top.details ? ' dialog--wide' : ''}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-body"
      >
        <h2 id="confirm-title" className="dialog__title">
          {top.title}
        </h2>
        <p id="confirm-body" className="dialog__body">
          {top.body}
        </p>
        {top.details}
        <div className="dialog__actions">
          {cancellable && (
            <button type="button" className="button" onClick={() => close(false)}>
              {top.cancelText ?? t('dialog.cancel')}
            </button>
          )}
          <button
            type="button"
            data-autofocus
            className={`button ${top.tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            onClick={() => close(true)}
          >
            {top.confirmText ?? t('dialog.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
