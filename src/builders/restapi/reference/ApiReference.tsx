import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { callOperation } from '../../../api/callOperation';
import type { OpenApiDocument } from '../../../domain/openapi/describeRestApi';
import { t } from '../../../messages/t';
import { TryIt } from './TryIt';
import './apiReference.css';

// Redoc and its peers (styled-components, mobx) are a chunk of their own, fetched after this one: the
// "try it" panel is usable while the reference loads.
const RedocView = lazy(() => import('./RedocView'));

/**
 * The API reference tab of a REST API (issue 31 point 2): the document its callers read at
 * /rest/<name>/openapi.json, rendered by Redoc, under a "try it" panel that sends a real call with an API
 * user's token (Redoc has none), copy as curl and a download of the document. Loaded only when the tab
 * opens (page.tsx), and Redoc after it.
 */
export default function ApiReference({ guid }: { guid: string }) {
  const document = useQuery({
    queryKey: ['restapi', 'description', guid],
    queryFn: () =>
      callOperation('RestApi.GetRestApiDescription', {
        path: { guid },
      }) as Promise<unknown> as Promise<OpenApiDocument>,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  if (document.isPending)
    return <span className="spinner" role="status" aria-label="Loading the API reference" />;
  if (document.error || !document.data)
    return (
      <p className="empty-state" role="alert">
        {t('ra.reference.loadFailed')}
      </p>
    );
  const doc = document.data;
  const download = () => {
    const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${doc.info.title}.openapi.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="api-reference">
      <div className="api-reference__toolbar">
        <p className="api-reference__meta">
          OpenAPI {doc.openapi} · <code>GET {doc.servers[0]?.url}/openapi.json</code>
        </p>
        <button type="button" className="button" onClick={download}>
          Download OpenAPI document
        </button>
      </div>
      {Object.keys(doc.paths).length === 0 ? (
        <p className="empty-state">{t('ra.reference.noFlows')}</p>
      ) : (
        <TryIt document={doc} chosen={chosen} />
      )}
      <Suspense fallback={<span className="spinner" role="status" aria-label="Loading the API reference" />}>
        <RedocView document={doc} onChoose={setChosen} />
      </Suspense>
    </div>
  );
}
