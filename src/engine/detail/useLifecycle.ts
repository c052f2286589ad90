import { useQueryClient } from '@tanstack/react-query';
import { createElement, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { callOperation } from '../../api/callOperation';
import { diffItems } from '../../domain/diff/diffItems';
import { itemKindOfRoute } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { afterNextPaint } from '../../ui/afterNextPaint';
import type { FieldError } from '../../validation/fieldErrors';
import { equal, type ValidationContext } from '../../validation/runtime';
import type { AnyBuilder } from '../builder/BuilderDefinition';
import { builderKeys, loadItem, saveItem } from '../builder/builderQueries';
import { PublishDiff } from '../diff/PublishDiff';
import { runValidation } from '../form/runValidation';
import { isStaleSave, useConflictMerge } from '../merge/useConflictMerge';
import { useImpactRefusal } from '../usage/useImpactRefusal';
import { useDraftRecovery } from './useDraftRecovery';
import { useValidationRun } from './useValidationRun';

// Deep equality that stops at shared references, so an untouched big list costs nothing per keystroke.
const same = (a: unknown, b: unknown) => equal(a, b);

/**
 * The item life cycle of one editor (spec part 1 §4, part 2 §4): modified / validated / publishable are
 * derived from the draft; save only when modified and valid (and, for some builders, unpublished);
 * publish only after a successful validation, sending the save call with IsPublished set and reverting
 * on failure; a stale save (409) opens the field-level merge of theirs and mine (issue 10 point 3).
 */
export function useLifecycle<T extends object>(options: {
  builder: AnyBuilder;
  original: T | null;
  initial: T;
  scope: { connection?: string | undefined };
  context: ValidationContext;
  canEdit: boolean;
  canPublish: boolean;
  onDone(): void;
}) {
  const { builder, original, scope, context, canEdit, onDone } = options;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const confirm = useConfirm();
  const impactRefused = useImpactRefusal();
  const [draft, setDraftState] = useState<T>(options.initial);
  // Typing reaches the rest of the editor after the keystroke's frame is painted, in a transition (the
  // form itself shows the keystroke at once, from its own state), so a big form's header, panels and
  // checks re-render after the frame, not before (issue 20 point 3); keys typed before that frame are
  // rendered together. What acts on the draft (validate, save, publish) reads `latest`, which never lags
  // behind a keystroke.
  const latest = useRef(draft);
  const pending = useRef<(() => void) | null>(null);
  const replaceDraft = useCallback((next: T) => {
    latest.current = next;
    setDraftState(next);
  }, []);
  useEffect(
    () => () => {
      pending.current?.();
      pending.current = null;
    },
    [],
  );
  // What a new item's editor opened with (its page may make a fresh one, with a fresh guid, each render).
  const blank = useRef(options.initial).current;
  const [busy, setBusy] = useState(false);
  const conflicts = useConflictMerge<T>({
    original,
    item: builder.item,
    name: builder.name,
    load: () => loadItem(builder, builder.id(latest.current), scope) as Promise<T>,
  });

  // The item's own checks, run on the rendered draft (the Save button) and on the latest one (save,
  // validate).
  const checksOf = useCallback(
    (value: T) =>
      runValidation(
        builder.form,
        value,
        context,
        builder.rules && ((item: T) => builder.rules!(item, original)),
      ),
    [builder, context, original],
  );

  const validate = useCallback(async () => {
    const current = latest.current;
    const local = checksOf(current);
    if (!builder.checks) return local;
    try {
      return [...local, ...(await builder.checks(current))];
    } catch (error) {
      // A check that could not run is no pass: the run says so, and publish stays blocked.
      return [
        ...local,
        {
          path: '',
          messageKey: 'validation.checkFailed',
          message: t('validation.checkFailed', { reason: errorText(error) }),
        },
      ];
    }
  }, [builder, checksOf]);
  const validation = useValidationRun(validate);

  const isNew = original === null;
  const isModified = useCallback((value: T) => isNew || !same(value, original), [isNew, original]);
  const modified = isModified(draft);
  // Typed changes reach `draft` after the keystroke is painted (setDraft), so this check runs then, not
  // before it. It only decides whether Save is offered, which an unmodified item never is: opening an
  // item (a 500-field document) does not check it.
  const liveErrors = useMemo(() => (modified ? checksOf(draft) : NO_ERRORS), [modified, checksOf, draft]);
  const published = (original as { IsPublished?: boolean } | null)?.IsPublished === true;

  // Unsaved edits survive a crash, reload or forced logout (issue 10 point 6): a stored item's under its
  // guid, a new item's under 'new' (one per builder and connection), kept once it differs from the
  // blank item the editor opened with.
  const drafts = useDraftRecovery<T>({
    key: canEdit
      ? `${builder.route}\n${scope.connection ?? ''}\n${original ? builder.id(original) : 'new'}`
      : null,
    draft,
    original,
    modified: isNew ? !same(draft, blank) : modified,
    restore: (kept) => {
      replaceDraft(kept);
      conflicts.restored(kept);
      validation.invalidate();
    },
    item: builder.item,
  });

  // The form's onChange: the same function for the editor's whole life, so a render of the editor that
  // leaves the form's value alone (the uniqueness list arriving, a check's result) does not re-render
  // a memoised form of 500 fields (issue 20 point 3).
  const { invalidate } = validation;
  const setDraft = useCallback(
    (next: T) => {
      // RJSF may report its data again once the transition hands it back; that is no edit, and must not
      // cancel a validation run started meanwhile.
      if (same(next, latest.current)) return;
      latest.current = next;
      invalidate();
      pending.current ??= afterNextPaint(() => {
        pending.current = null;
        startTransition(() => setDraftState(latest.current));
      });
    },
    [invalidate],
  );

  const send = useCallback(
    async (item: T, notice: string) => {
      setBusy(true);
      try {
        const saved = await saveItem(builder, item, scope);
        await drafts.clear();
        notify('success', notice);
        await queryClient.invalidateQueries({ queryKey: builderKeys.all(builder) });
        const stored = { ...item, Revision: saved.Revision } as T;
        conflicts.rebase(stored);
        replaceDraft(stored);
        onDone();
        return true;
      } catch (error) {
        if (isStaleSave(error)) {
          setBusy(false);
          const merged = await conflicts.resolve(item, error);
          if (!merged) return false;
          // The editor holds the merge. One made while publishing is saved as a draft: it was never
          // validated, and publishing needs a validation first (spec part 1 §4).
          const publishing = (item as { IsPublished?: boolean }).IsPublished === true;
          const next = { ...merged, IsPublished: false } as T;
          setDraft(next);
          return send(
            next,
            publishing ? t('merge.savedNotPublished', { item: capitalise(builder.item) }) : notice,
          );
        }
        if (isApiError(error) && error.errors.length > 0) {
          validation.setErrors(
            error.errors.map((entry) => ({
              path: entry.Path,
              messageKey: entry.MessageKey,
              message: entry.Message,
            })),
          );
        }
        // A publish that would break published users: the dialog lists them (issue 10 point 1).
        if (!impactRefused(error, builder.item)) notifyError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [
      builder,
      scope,
      notify,
      notifyError,
      queryClient,
      onDone,
      validation,
      drafts,
      impactRefused,
      conflicts,
      setDraft,
      replaceDraft,
    ],
  );

  const savable = canEdit && !busy && !(builder.saveOnlyWhenUnpublished && published);
  const canSave = savable && modified && liveErrors.length === 0;
  const canPublishNow = builder.publishable && options.canPublish && !busy && validation.status === 'valid';

  const save = useCallback(async () => {
    // Judged on the latest keystroke, not on the last render (a shortcut can beat the transition).
    const current = latest.current;
    if (!savable || !isModified(current) || checksOf(current).length > 0) return false;
    // Save stores a draft; only publish sets IsPublished (spec part 2 §4: save stores a draft).
    return send(
      { ...current, IsPublished: false } as T,
      t(isNew ? 'lifecycle.created' : 'lifecycle.saved', { item: capitalise(builder.item) }),
    );
  }, [savable, isModified, checksOf, send, isNew, builder]);

  const publish = useCallback(async () => {
    if (!canPublishNow) return false;
    const current = latest.current;
    const go = await confirm({
      title: t('lifecycle.publishTitle', { item: builder.item }),
      body: t('lifecycle.publishBody', { name: builder.name(current) }),
      confirmText: 'Publish',
      details: await publishDiff(builder, current, isNew, scope),
    });
    if (!go) return false;
    const ok = await send(
      { ...current, IsPublished: true } as T,
      t('lifecycle.published', { item: capitalise(builder.item) }),
    );
    // A failed publish leaves the item unpublished (spec part 1 §4).
    if (!ok)
      replaceDraft({
        ...latest.current,
        IsPublished: (original as { IsPublished?: boolean } | null)?.IsPublished ?? false,
      });
    return ok;
  }, [canPublishNow, confirm, builder, send, original, isNew, scope, replaceDraft]);

  return {
    draft,
    setDraft,
    modified,
    isNew,
    published,
    busy,
    canSave,
    canPublish: canPublishNow,
    save,
    publish,
    validation,
    liveErrors,
  };
}

/**
 * What publishing `draft` overwrites (issue 10 point 2): its changes against the published version, for
 * the publish confirmation. Publishing cannot be undone (spec part 1 §4), so the admin sees it first.
 */
async function publishDiff(
  builder: AnyBuilder,
  draft: object,
  isNew: boolean,
  scope: { connection?: string | undefined },
) {
  const kind = itemKindOfRoute(builder.route);
  if (!kind) return undefined;
  try {
    const published = isNew
      ? null
      : await callOperation('Items.GetPublishedItem', {
          query: {
            Kind: kind,
            Guid: builder.id(draft),
            ...(scope.connection ? { Connection: scope.connection } : {}),
          },
        });
    return createElement(PublishDiff, {
      changes: diffItems(published, draft),
      firstPublish: published === null,
      failed: false,
    });
  } catch {
    return createElement(PublishDiff, { changes: [], firstPublish: false, failed: true });
  }
}

const NO_ERRORS: FieldError[] = [];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
