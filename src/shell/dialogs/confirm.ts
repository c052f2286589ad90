import { atom, useSetAtom } from 'jotai';
import { type ReactNode, useCallback } from 'react';

/** A confirmation popup (spec part 1 §4 'Confirmation dialog': title, body, button texts, callbacks). */
export interface ConfirmRequest {
  title: string;
  body: string;
  confirmText?: string;
  /** null gives an information-only dialog with no cancel (e.g. 'Not possible to duplicate', part 2 §4). */
  cancelText?: string | null;
  tone?: 'default' | 'danger';
  /** More than a sentence, under the body (e.g. the changes a publish makes, issue 10 point 2); widens the dialog. */
  details?: ReactNode;
}

interface PendingConfirm extends ConfirmRequest {
  resolve(confirmed: boolean): void;
}

/** The open dialogs, newest last; only the topmost reacts to keys. */
export const confirmQueueAtom = atom<PendingConfirm[]>([]);

export const closeConfirmAtom = atom(null, (get, set, confirmed: boolean) => {
  const queue = get(confirmQueueAtom);
  const top = queue.at(-1);
  if (!top) return;
  set(confirmQueueAtom, queue.slice(0, -1));
  top.resolve(confirmed);
});

/**
 * Asks for confirmation and resolves true on confirm, false on cancel.
 * @example const confirm = useConfirm(); if (await confirm({ title: 'Delete', body: 'Delete this role?' })) remove();
 */
export function useConfirm() {
  const set = useSetAtom(confirmQueueAtom);
  return useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        set((queue) => [...queue, { ...request, resolve }]);
      }),
    [set],
  );
}
