import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { t } from '../../../messages/t';
import { failureNotice } from '../../../shell/notifications/failureNotice';
import { usePageTitle } from '../../../shell/title/usePageTitle';
import { flowQuery } from '../flowQueries';
import { executionQuery } from '../testRun/testRunQueries';
import { FlowEditor } from './FlowEditor';

/**
 * /flowbuilder/:id — a flow's newest version, or the one named by ?version= (inspect from the history).
 * With ?execution=<id>, an execution from the log (issue 32 point 3) on the canvas of the version that
 * ran it. This module is the lazy chunk that brings @xyflow/react and the layout worker.
 */
export default function FlowEditorPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const executionId = Number(params.get('execution')) || null;
  const execution = useQuery({ ...executionQuery(id, executionId ?? 0), enabled: executionId !== null });
  // The version that ran, unless the address names one.
  const version = params.get('version') ?? (executionId ? (execution.data?.VersionGuid ?? null) : null);
  const waiting = executionId !== null && execution.isPending;
  const flow = useQuery({ ...flowQuery(id, version), enabled: !waiting });
  usePageTitle('Flow Builder');
  return (
    <>
      <CanvasFonts />
      {waiting || flow.isPending ? (
        <div className="page page--centered" aria-busy="true">
          <span className="spinner" role="status" aria-label="Loading" />
        </div>
      ) : flow.error || !flow.data ? (
        <div className="page">
          <p className="empty-state" role="alert">
            {flow.error
              ? failureNotice(flow.error, { notFoundKey: 'error.loadFlow' }).text
              : t('error.loadFlow')}
          </p>
        </div>
      ) : (
        <FlowEditor
          key={`${id}:${flow.data.VersionGuid}`}
          loaded={flow.data}
          execution={executionId !== null ? execution.data : undefined}
        />
      )}
    </>
  );
}

/**
 * Text in every style the canvas uses, laid out unseen while the flow loads. The first text in a new
 * size and weight makes the browser resolve the font (on Linux without the stack's first families,
 * 10 to 35 ms of font-config lookups per style); here that happens during the network wait and not in
 * the first blocks' draw or the layout's (issue 9: no task over 50 ms during layout).
 */
function CanvasFonts() {
  return (
    <div className="flow-fonts" aria-hidden="true">
      <span className="flow-fonts__type">If</span>
      <span className="flow-fonts__summary">x</span>
      <span className="flow-fonts__errors">1</span>
      <span className="flow-fonts__delete">×</span>
      <span className="flow-fonts__false">false</span>
      <span className="flow-fonts__add">+</span>
    </div>
  );
}
