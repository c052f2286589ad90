import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { BuilderDetail, BuilderList } from '../../engine/builder/BuilderPage';
import { PageTabs } from '../../engine/builder/PageTabs';
import { usePageTab } from '../../engine/builder/usePageTab';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { ApiUsersTab } from './ApiUsersTab';
import { builder } from './builder';
import './restApi.css';

// Its own chunk, fetched when the tab first opens (issue 31 point 2: the /login bundle stays in budget).
const ApiReference = lazy(() => import('./reference/ApiReference'));

const tabIds = ['restApis', 'apiUsers'] as const;
const tabs = [
  { id: 'restApis', label: 'REST API' },
  { id: 'apiUsers', label: 'API users' },
] as const;

function RestApiTabs() {
  usePageTitle(builder.title);
  const [tab, select] = usePageTab(tabIds);
  const bar = <PageTabs label="REST API management" tabs={tabs} current={tab} onSelect={select} />;
  return tab === 'apiUsers' ? <ApiUsersTab tabs={bar} /> : <BuilderList builder={builder} tabs={bar} />;
}

const detailTabIds = ['details', 'reference'] as const;
const detailTabs = [
  { id: 'details', label: 'Details' },
  { id: 'reference', label: 'API reference' },
] as const;

/**
 * A REST API's detail: its form, and for a saved one the API reference (issue 31 point 2), the OpenAPI
 * document its callers read, with a "try it". The open tab is in the URL (?tab=reference).
 */
function RestApiDetail() {
  const { id = 'new' } = useParams();
  const [tab, select] = usePageTab(detailTabIds);
  if (id === 'new') return <BuilderDetail builder={builder} />;
  return (
    <div className="restapi-detail">
      <PageTabs label="REST API" tabs={detailTabs} current={tab} onSelect={select} />
      {tab === 'reference' ? (
        <div className="page" role="tabpanel" aria-labelledby="tab-reference">
          <Suspense fallback={<span className="spinner" role="status" aria-label="Loading" />}>
            <ApiReference guid={id} />
          </Suspense>
        </div>
      ) : (
        <div role="tabpanel" aria-labelledby="tab-details">
          <BuilderDetail builder={builder} />
        </div>
      )}
    </div>
  );
}

/**
 * REST API management (spec part 1 §2): two tabs, REST API (the generic list, detail at /restapi/:id)
 * and API users (a list with a drawer). The open tab is in the URL (?tab=apiUsers).
 */
export default function RestApiPage() {
  return (
    <Routes>
      <Route index element={<RestApiTabs />} />
      <Route path=":id" element={<RestApiDetail />} />
    </Routes>
  );
}
