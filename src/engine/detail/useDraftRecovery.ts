import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { diffItems } from '../../domain/diff/diffItems';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify } from '../../shell/notifications/useNotify';
import { signedInClaimsAtom } from '../../state/session';
import { DEFAULT_DEBOUNCE_MS } from '../../ui/debounce';
import { draftStore } from './draftStore';

/** How long typing pauses before the draft is kept: the default debounce (spec part 1 §9). */
export const DRAFT_DEBOUNCE_MS = DEFAULT_DEBOUNCE_MS;

/**
 * Keeps an editor's unsaved edits in IndexedDB as the user types (debounced), and on opening an item
 * whose edits were kept offers to restore them (issue 10 point 6). `key` names the item (null: nothing
 * to keep, e.g. a new item, which has no stable address yet); the user's name is added, so one browser
 * never offers one admin's edits to another. Answers `clear`, for after a save or publish.
 * @example const { clear } = useDraftRecovery({ key: `/scriptbuilder/${guid}`, draft, original, modified, restore: setDraft, item: 'script' });
 */
export function useDraftRecovery<T extends object>(options: {
  key: string | null;
  draft: T;
  original: T | null;
  modified: boolean;
  restore(draft: T): void;
  item: string;
}) {
  const { draft, original, modified, restore, item } = options;
  const user = useAtomValue(signedInClaimsAtom)?.sub;
  const key = options.key && user ? `${user}\n${options.key}` : null;
  const confirm = useConfirm();
  const notify = useNotify();
  // Nothing is kept until the question about an earlier draft is answered, so it is not overwritten.
  const [ready, setReady] = useState(false);
  const latest = useRef({ original, restore });
  latest.current = { original, restore };

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per item, when its editor opens.
  useEffect(() => {
    if (!key) return;
    let live = true;
    void (async () => {
      const kept = await draftStore.load(key);
      if (!live) return;
      // A kept draft that differs from the stored item only in bookkeeping (revision, dates) is nothing to restore.
      if (kept && diffItems(latest.current.original, kept.draft).length > 0) {
        const take = await confirm({
          title: t('draft.restoreTitle'),
          body: t('draft.restoreBody', { item, when: new Date(kept.savedAt).toLocaleString() }),
          confirmText: t('draft.restore'),
          cancelText: t('draft.discard'),
        });
        if (!live) return;
        if (take) {
          latest.current.restore(kept.draft as T);
          notify('info', t('draft.restored'));
        } else await draftStore.remove(key);
      } else if (kept) await draftStore.remove(key);
      if (live) setReady(true);
    })();
    return () => {
      live = false;
    };
  }, [key]);

  // After a save or publish nothing is kept until the editor holds the stored item again.
  const suspended = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new original (the saved item reloaded) resumes keeping.
  useEffect(() => {
    suspended.current = false;
  }, [original]);

  useEffect(() => {
    if (!key || !ready || suspended.current) return;
    const timer = setTimeout(() => {
      if (modified) void draftStore.save(key, draft);
      else void draftStore.remove(key);
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, ready, draft, modified]);

  const clear = useCallback(async () => {
    suspended.current = true;
    if (key) await draftStore.remove(key);
  }, [key]);
  return { clear };
}
