import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { t } from '../../../messages/t';
import { usePageTitle } from '../../../shell/title/usePageTitle';
import { flowQuery } from '../flowQueries';
import { FlowEditor } from './FlowEditor';

/**
 * /flowbuilder/:id — a flow's newest version, or the one named by ?version= (inspect from the history).
 * This module is the lazy chunk that brings @xyflow/react and the layout worker.
 */
export default function FlowEditorPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const version = params.get('version');
  const flow = useQuery(flowQuery(id, version));
  usePageTitle('Flow Builder');
  if (flow.isPending) {
    return (
      <div className="page page--centered" aria-busy="true">
        <span className="spinner" role="status" aria-label="Loading" />
      </div>
    );
  }
  if (flow.error || !flow.data) {
    return (
      <div className="page">
        <p className="empty-state" role="alert">
          {flow.error?.message ?? t('error.loadFlow')}
        </p>
      </div>
    );
  }
  return <FlowEditor key={`${id}:${flow.data.VersionGuid}`} loaded={flow.data} />;
}
