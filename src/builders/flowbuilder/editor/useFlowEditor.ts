import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../../../api/ApiError';
import { callOperation } from '../../../api/callOperation';
import { blockType } from '../../../domain/flow/blockTypes';
import { isSpecialFlow, isVersionEditable } from '../../../domain/flow/specialFlow';
import type { FlowGraph, RestMethodFlow } from '../../../domain/flow/types';
import { validateFlow } from '../../../domain/flow/validateFlow';
import { useDraftRecovery } from '../../../engine/detail/useDraftRecovery';
import { useValidationRun } from '../../../engine/detail/useValidationRun';
import { isStaleSave } from '../../../engine/merge/useConflictMerge';
import { useMergeDrawer } from '../../../engine/merge/useMergeDrawer';
import { t } from '../../../messages/t';
import { useCan } from '../../../permissions/useCan';
import { useConfirm } from '../../../shell/dialogs/confirm';
import { useNotify } from '../../../shell/notifications/useNotify';
import { flowKeys, saveFlow } from '../flowQueries';
import type { LayoutPositions } from '../layout/elkLayout';
import { flowDraftAtom, flowEditableAtom, layoutPositionsAtom, selectedBlockAtom } from './flowEditorState';
import { fetchFlowLookups } from './flowLookups';

/** The graph with the canvas's last layout written into the blocks' positions (spec part 2 §3 'Block': position x/y). */
export function withPositions(graph: FlowGraph, positions: LayoutPositions): FlowGraph {
  return {
    ...graph,
    Blocks: (graph.Blocks ?? []).map((block) => {
      const position = positions[block.Guid];
      return position
        ? { ...block, Position: { X: Math.round(position.x), Y: Math.round(position.y) } }
        : block;
    }),
  };
}

/** Same blocks and links, apart from the positions the canvas writes on save. */
export function sameGraph(a: FlowGraph | undefined, b: FlowGraph | undefined): boolean {
  const plain = (graph: FlowGraph | undefined) =>
    JSON.stringify(graph ?? null, (key, value) => (key === 'Position' ? undefined : value));
  return a === b || plain(a) === plain(b);
}

/** A merge path as the canvas names it: `Flow.Blocks[<guid>].Config` reads `RESULT block (1a2b3c4d): Config`. */
export function describeFlowPath(flows: readonly RestMethodFlow[]) {
  const types = new Map(
    flows.flatMap((flow) => flow.Flow?.Blocks ?? []).map((block) => [block.Guid, block.Type]),
  );
  return (path: string) => {
    const [, guid = '', rest] = /^Flow\.Blocks\[([^\]]+)\]\.?(.*)$/.exec(path) ?? [];
    const type = types.get(guid);
    if (!type) return path;
    const block = `${blockType(type).label} block (${guid.slice(0, 8)})`;
    return rest ? `${block}: ${rest}` : block;
  };
}

const loadKey = (flow: RestMethodFlow) =>
  [flow.VersionGuid, flow.Revision, flow.Status, flow.IsActive, flow.LastPublished].join(':');

/**
 * The flow editor's controller (spec part 2 §4): the draft of one version, whether it may change (not
 * published, not archived, and Upsert — plus Upsert special flow for script, PUT and DELETE flows),
 * modified, the validation run with the shared block rules, save, and publish with optional enable that
 * reverts both on failure.
 */
export function useFlowEditor(loaded: RestMethodFlow) {
  const can = useCan();
  const client = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  const merge = useMergeDrawer();
  const [draft, setDraft] = useAtom(flowDraftAtom);
  const setEditable = useSetAtom(flowEditableAtom);
  const setSelected = useSetAtom(selectedBlockAtom);
  // Read when saving, not subscribed: a layout's answer must not redraw the whole editor (issue 9).
  const store = useStore();
  const [original, setOriginal] = useState(loaded);
  const [busy, setBusy] = useState(false);

  const special = isSpecialFlow(loaded);
  const canUpsert = can('FlowBuilder', 'Upsert') && (!special || can('FlowBuilder', 'UpsertSpecialFlow'));
  const canPublish = canUpsert && can('FlowBuilder', 'Publish');
  const editable = canUpsert && isVersionEditable(loaded);

  const key = loadKey(loaded);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load (version, revision or status) resets the draft; `key` says when
  useEffect(() => {
    // A reload of what was just saved keeps the draft's graph, so the validation result stays.
    setDraft((previous) => {
      const next =
        previous && previous.VersionGuid === loaded.VersionGuid && sameGraph(previous.Flow, loaded.Flow)
          ? { ...loaded, Flow: previous.Flow }
          : loaded;
      setOriginal(next);
      return next;
    });
  }, [key, setDraft]);
  useEffect(() => setEditable(editable), [editable, setEditable]);
  useEffect(
    () => () => {
      setDraft(null);
      setSelected(null);
    },
    [setDraft, setSelected],
  );

  const current =
    draft && draft.Guid === loaded.Guid && draft.VersionGuid === loaded.VersionGuid ? draft : null;
  const latest = useRef(current);
  latest.current = current;

  const validate = useCallback(async () => {
    const flow = latest.current;
    if (!flow) return [];
    return validateFlow(flow, await fetchFlowLookups(client, flow));
  }, [client]);
  const validation = useValidationRun(validate);
  const { invalidate } = validation;
  const graph = current?.Flow;
  // Any edit needs a new validation run (spec part 2 §4: "Saving any edit marks the item as modified and not validated").
  // biome-ignore lint/correctness/useExhaustiveDependencies: the graph's identity changes with every edit
  useEffect(() => invalidate(), [graph, invalidate]);

  const modified = current !== null && current.Flow !== original.Flow;

  // Unsaved edits of an editable version survive a crash, reload or forced logout (issue 10 point 6).
  const drafts = useDraftRecovery<RestMethodFlow>({
    key: editable ? `/flowbuilder\n\n${loaded.Guid}\n${loaded.VersionGuid ?? ''}` : null,
    draft: current ?? original,
    original,
    modified,
    restore: (kept) => setDraft(kept),
    item: 'flow',
  });

  const send = useCallback(
    async (flow: RestMethodFlow) => {
      setBusy(true);
      try {
        const saved = await saveFlow({
          ...flow,
          Flow: withPositions(flow.Flow ?? { Blocks: [] }, store.get(layoutPositionsAtom)),
        });
        await drafts.clear();
        setOriginal(flow);
        setDraft({ ...flow, Revision: saved.Revision });
        await client.invalidateQueries({ queryKey: flowKeys.all });
        return true;
      } finally {
        setBusy(false);
      }
    },
    [client, store, setDraft, drafts],
  );

  /**
   * A stale save (409, issue 10 point 3): the merge of the graph `base` (what this editor loaded), theirs
   * and mine, block by block; layout positions are no change. Answers the flow to send (their revision),
   * now also the editor's draft, or null when the admin cancels.
   */
  const mergeStale = useCallback(
    async (base: RestMethodFlow, flow: RestMethodFlow, error: ApiError) => {
      // The stored version straight from the server: the cache holds what the canvas shows.
      const theirs =
        (error.current as RestMethodFlow | undefined) ??
        (await callOperation('FlowBuilder.GetRestMethodFlowVersion', {
          path: { guid: flow.Guid, version: flow.VersionGuid ?? '' },
        }));
      const merged = await merge({
        item: 'flow',
        name: flow.Name,
        base: { Flow: base.Flow },
        theirs: { Flow: theirs.Flow },
        mine: { Flow: flow.Flow },
        ignore: ['Position'],
        describe: describeFlowPath([base, theirs, flow]),
      });
      if (!merged) return null;
      const next: RestMethodFlow = { ...theirs, Flow: merged.Flow, IsPublished: false };
      setOriginal(theirs);
      setDraft(next);
      return { theirs, next };
    },
    [merge, setDraft],
  );

  /** Sends the flow; a stale save merges and sends again, until saved or the merge is cancelled. */
  const commit = useCallback(
    async (flow: RestMethodFlow, notice: string) => {
      let [base, sending, text] = [original, flow, notice];
      for (;;) {
        try {
          await send(sending);
          notify('success', text);
          return true;
        } catch (error) {
          if (!isStaleSave(error)) throw error;
          const merged = await mergeStale(base, sending, error);
          if (!merged) return false;
          // A merge made while publishing was never validated: it is saved as a draft (spec part 2 §4).
          if (sending.IsPublished) text = t('merge.savedNotPublished', { item: 'Flow' });
          [base, sending] = [merged.theirs, merged.next];
        }
      }
    },
    [original, send, notify, mergeStale],
  );

  const canSave = editable && modified && !busy;
  const save = useCallback(async () => {
    if (!canSave || !current) return false;
    try {
      return await commit({ ...current, IsPublished: false }, t('fb.saved'));
    } catch (error) {
      notify(
        isApiError(error) ? error.severity : 'danger',
        isApiError(error) ? error.message : t('generic.updateError'),
      );
      return false;
    }
  }, [canSave, current, commit, notify]);

  const canPublishNow = editable && canPublish && !busy && validation.status === 'valid';
  const publish = useCallback(
    async (enable: boolean) => {
      if (!canPublishNow || !current) return false;
      const go = await confirm({
        title: t('fb.publishTitle'),
        body: t('fb.publishBody', { name: current.Name }),
        confirmText: 'Publish',
      });
      if (!go) return false;
      const before = { IsPublished: current.IsPublished ?? false, IsActive: current.IsActive ?? false };
      const publishing = { ...current, IsPublished: true, IsActive: enable || current.IsActive === true };
      setDraft(publishing);
      try {
        if (await commit(publishing, t(enable ? 'fb.publishedAndActive' : 'fb.published'))) return true;
        // A cancelled merge keeps the edits, unpublished.
        setDraft({ ...publishing, ...before });
        return false;
      } catch (error) {
        // A failed publish reverts both the published and the enabled state (spec part 2 §4).
        setDraft({ ...publishing, ...before });
        if (isApiError(error) && error.errors.length > 0)
          validation.setErrors(
            error.errors.map((entry) => ({
              path: entry.Path,
              messageKey: entry.MessageKey,
              message: entry.Message,
            })),
          );
        notify('danger', t('fb.flowPublish.error'));
        return false;
      }
    },
    [canPublishNow, current, confirm, setDraft, commit, notify, validation],
  );

  const errorsByBlock = useMemo(() => {
    const counts = new Map<string, number>();
    if (validation.status !== 'invalid') return counts;
    for (const error of validation.errors) {
      const guid = error.path.split('/')[1] ?? '';
      counts.set(guid, (counts.get(guid) ?? 0) + 1);
    }
    return counts;
  }, [validation.status, validation.errors]);

  return {
    flow: current,
    loaded,
    editable,
    canUpsert,
    canPublish,
    modified,
    busy,
    canSave,
    canPublishNow,
    save,
    publish,
    validation,
    errorsByBlock,
  };
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;
