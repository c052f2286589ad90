import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { closeConfirmAtom, confirmQueueAtom } from './confirm';

/** Renders the topmost confirmation; Escape cancels, Enter on the confirm button confirms, focus stays inside. */
export function ConfirmDialog() {
  const queue = useAtomValue(confirmQueueAtom);
  const close = useSetAtom(closeConfirmAtom);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const top = queue.at(-1);

  useEffect(() => {
    if (top) confirmRef.current?.focus();
  }, [top]);

  if (!top) return null;
  const cancellable = top.cancelText !== null;
  return (
    <div className="dialog-backdrop" role="presentation">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-body"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close(!cancellable);
          }
          if (event.key === 'Tab') {
            const buttons = [...event.currentTarget.querySelectorAll('button')];
            const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const next = buttons[(index + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
            next?.focus();
            event.preventDefault();
          }
        }}
      >
        <h2 id="confirm-title" className="dialog__title">
          {top.title}
        </h2>
        <p id="confirm-body" className="dialog__body">
          {top.body}
        </p>
        <div className="dialog__actions">
          {cancellable && (
            <button type="button" className="button" onClick={() => close(false)}>
              {top.cancelText ?? 'Cancel'}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={`button ${top.tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            onClick={() => close(true)}
          >
            {top.confirmText ?? 'OK'}
          </button>
        </div>
      </div>
    </div>
  );
}
