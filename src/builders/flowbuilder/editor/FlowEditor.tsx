import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { blockType } from '../../../domain/flow/blockTypes';
import { deleteBlock, falsePathOf } from '../../../domain/flow/graph';
import type { RestMethodFlow } from '../../../domain/flow/types';
import { ValidationPanel } from '../../../engine/detail/ValidationPanel';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { usePageIsTop, useShortcuts } from '../../../engine/guards/shortcuts';
import { t } from '../../../messages/t';
import { useConfirm } from '../../../shell/dialogs/confirm';
import { useUnsavedChanges } from '../../../state/useUnsavedChanges';
import type { FieldError } from '../../../validation/fieldErrors';
import type { CanvasActions } from '../canvas/canvasActions';
import { FlowCanvas } from '../canvas/FlowCanvas';
import { useOpenBlockDrawer } from '../drawers/blockDrawers';
import { ChooseBlockDrawer } from '../drawers/ChooseBlockDrawer';
import { FlowDetailsDrawer } from '../drawers/FlowDetailsDrawer';
import { EXECUTION_DRAWER, ExecutionDrawer } from '../executions/ExecutionDrawer';
import { StatusBadge } from '../StatusBadge';
import { TestRunBanner } from '../testRun/TestRunBanner';
import { TestRunDrawer } from '../testRun/TestRunDrawer';
import { useOpenTraceBlock } from '../testRun/TraceBlockDrawer';
import type { FlowExecutionDetail } from '../testRun/testRunQueries';
import { executionRun, testRunAtom } from '../testRun/testRunState';
import { changeGraphAtom, flowDraftAtom, focusBlockAtom } from './flowEditorState';
import { useFlowEditor } from './useFlowEditor';

const statusLabel = {
  required: 'validation.required',
  running: 'validation.running',
  valid: 'validation.valid',
  invalid: 'validation.required',
} as const;

/**
 * The flow editor: header with the life-cycle actions, the block canvas and the validation panel. With
 * an execution (opened from the executions log, issue 32 point 3) the canvas draws the path it took and
 * a drawer shows it, as after a test run.
 */
export function FlowEditor({
  loaded,
  execution,
}: {
  loaded: RestMethodFlow;
  execution?: FlowExecutionDetail | undefined;
}) {
  const editor = useFlowEditor(loaded);
  const { validation, flow } = editor;
  const drawers = useDrawers();
  const confirm = useConfirm();
  const openSettings = useOpenBlockDrawer();
  const openTrace = useOpenTraceBlock();
  const run = useAtomValue(testRunAtom);
  const setRun = useSetAtom(testRunAtom);
  // A run belongs to the flow it ran; another flow, or leaving the editor, drops it.
  useEffect(() => () => setRun(null), [setRun]);
  const shownRun = useRef(run);
  shownRun.current = run?.flowGuid === loaded.Guid ? run : null;
  // While a test run is shown, a block that ran opens its data (like n8n's per-node view); the data
  // drawer opens the block's settings too.
  const openBlock = useCallback(
    (guid: string) => {
      const entry = shownRun.current?.result.Trace.find((candidate) => candidate.Guid === guid);
      if (entry) openTrace(guid, blockType(entry.Type).label);
      else openSettings(guid);
    },
    [openSettings, openTrace],
  );
  const navigate = useNavigate();
  const openExecution = useCallback(
    (shown: FlowExecutionDetail) =>
      drawers.open({
        key: EXECUTION_DRAWER,
        title: t('fb.executions.opened', { id: shown.Id, method: loaded.HttpMethod, name: loaded.Name }),
        size: 'wide',
        content: <ExecutionDrawer flow={loaded} canRetry={editor.canUpsert} />,
      }),
    [drawers, loaded, editor.canUpsert],
  );
  // An execution opened from the log is drawn like a test run, once per execution opened.
  const shownExecution = useRef<number | null>(null);
  useEffect(() => {
    if (!execution || execution.FlowGuid !== loaded.Guid || shownExecution.current === execution.Id) return;
    shownExecution.current = execution.Id;
    setRun(executionRun(execution));
    openExecution(execution);
  }, [execution, loaded.Guid, setRun, openExecution]);
  const clearRun = useCallback(() => {
    setRun(null);
    shownExecution.current = null;
    // The address stops naming the execution, so a reload does not open it again; the version stays.
    if (execution)
      navigate(
        `/flowbuilder/${encodeURIComponent(loaded.Guid)}?version=${encodeURIComponent(loaded.VersionGuid ?? '')}`,
        { replace: true },
      );
  }, [setRun, execution, navigate, loaded.Guid, loaded.VersionGuid]);
  const changeGraph = useSetAtom(changeGraphAtom);
  const focusBlock = useSetAtom(focusBlockAtom);
  const draft = useAtomValue(flowDraftAtom);
  const [enable, setEnable] = useState(false);
  const enableId = useId();
  useUnsavedChanges(editor.editable && editor.modified && !editor.busy);
  useShortcuts(usePageIsTop(), {
    save: () => void editor.save(),
    publish: () => void editor.publish(enable),
    validate: () => void validation.run(),
  });

  // Callbacks read the latest draft without changing on every edit, so canvas nodes do not redraw.
  const latest = useRef(draft);
  latest.current = draft;
  const actions = useMemo<CanvasActions>(
    () => ({
      openBlock,
      async deleteBlock(guid) {
        const graph = latest.current?.Flow;
        const block = graph?.Blocks?.find((candidate) => candidate.Guid === guid);
        if (!graph || !block) return;
        const falsePath = block.Type === 'check' ? falsePathOf(graph, guid).size : 0;
        const label = blockType(block.Type).label;
        const yes = await confirm({
          title: t('fb.deleteBlockTitle'),
          body:
            falsePath > 0
              ? t('fb.deleteCheckBody', { count: falsePath })
              : t('fb.deleteBlockBody', { type: label }),
          confirmText: 'Delete',
          tone: 'danger',
        });
        if (yes) changeGraph((current) => deleteBlock(current, guid));
      },
      insertOn(link) {
        const key = 'choose-block';
        drawers.open({
          key,
          title: 'Choose new block',
          content: (
            <ChooseBlockDrawer
              drawerKey={key}
              link={link}
              method={latest.current?.HttpMethod ?? 'GET'}
              onAdded={(guid) => setTimeout(() => openBlock(guid), 0)}
            />
          ),
        });
      },
    }),
    [openBlock, confirm, changeGraph, drawers],
  );

  const describe = useCallback(
    (error: FieldError) => {
      const guid = error.path.split('/')[1];
      const block = flow?.Flow?.Blocks?.find((candidate) => candidate.Guid === guid);
      if (!block) return 'Flow';
      const definition = blockType(block.Type);
      const summary = definition.summary(block);
      return summary ? `${definition.label} · ${summary}` : definition.label;
    },
    [flow],
  );

  if (!flow) {
    return (
      <div className="page page--centered" aria-busy="true">
        <span className="spinner" role="status" aria-label="Loading" />
      </div>
    );
  }

  const openTestRun = () =>
    drawers.open({
      key: 'test-run',
      title: `Test run: ${flow.HttpMethod} ${flow.Name}`,
      size: 'wide',
      content: <TestRunDrawer flow={flow} version={loaded.VersionGuid ?? ''} sendGraph={editor.editable} />,
    });

  const openDetails = () =>
    drawers.open({
      key: 'flow-details',
      title: 'Flow details',
      size: 'wide',
      content: <FlowDetailsDrawer drawerKey="flow-details" guid={flow.Guid} />,
    });

  return (
    <div className="flow-editor">
      <header className="detail__header flow-editor__header">
        <div>
          <Link className="button button--link detail__back" to="/flowbuilder">
            ‹ Flow Builder
          </Link>
          <h1 className="detail__title">
            <span className="flow-method">{flow.HttpMethod}</span>
            {flow.Name}
            <StatusBadge status={loaded.Status} />
            {loaded.IsActive && <span className="badge flow-status flow-status--active">Active</span>}
            {!editor.editable && <span className="badge badge--muted">Read only</span>}
          </h1>
          <p className="flow-editor__meta">
            {flow.ApiName ?? 'No REST API'} · version {loaded.Version ?? 1}
            {flow.IsScript ? ' · uses Script Service' : ''}
          </p>
        </div>
        <div className="detail__actions">
          <button type="button" className="button" onClick={openDetails}>
            Details
          </button>
          {editor.canUpsert && !flow.IsScript && (
            <button type="button" className="button" onClick={openTestRun}>
              {t('fb.testRun.title')}
            </button>
          )}
          {editor.editable && (
            <>
              <button
                type="button"
                className={`button validate-button validate-button--${validation.status}`}
                onClick={() => void validation.run()}
                disabled={validation.status === 'running'}
                aria-keyshortcuts="Control+Shift+V"
              >
                {t(statusLabel[validation.status])}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void editor.save()}
                disabled={!editor.canSave}
                aria-keyshortcuts="Control+S"
              >
                Save
              </button>
              {editor.canPublish && (
                <>
                  <label className="checkbox flow-enable" htmlFor={enableId}>
                    <input
                      id={enableId}
                      type="checkbox"
                      checked={enable}
                      onChange={(event) => setEnable(event.target.checked)}
                    />
                    <span>Activate on publish</span>
                  </label>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void editor.publish(enable)}
                    disabled={!editor.canPublishNow}
                    aria-keyshortcuts="Control+Shift+P"
                  >
                    Publish
                  </button>
                </>
              )}
            </>
          )}
        </div>
      </header>
      {!editor.editable && editor.canUpsert && (
        <p className="flow-editor__notice" role="note">
          This version is {loaded.Status ?? 'published'} and cannot change. Duplicate it from the flow details
          to make a new draft.
        </p>
      )}
      <TestRunBanner
        flowGuid={loaded.Guid}
        onOpen={() => (run?.execution ? openExecution(run.execution) : openTestRun())}
        onClear={clearRun}
      />
      <div className="flow-editor__body">
        <FlowCanvas
          graph={flow.Flow ?? { Blocks: [] }}
          editable={editor.editable}
          errorsByBlock={editor.errorsByBlock}
          actions={actions}
        />
        {editor.editable && (
          <aside className="flow-editor__side">
            <ValidationPanel
              status={validation.status}
              errors={validation.errors}
              onRefresh={() => void validation.run()}
              onClear={validation.clear}
              describe={describe}
              onSelect={(error) => {
                const guid = error.path.split('/')[1];
                if (guid && flow.Flow?.Blocks?.some((block) => block.Guid === guid)) focusBlock(guid);
              }}
            />
          </aside>
        )}
      </div>
    </div>
  );
}
