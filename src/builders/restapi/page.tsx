import { Route, Routes } from 'react-router-dom';
import { BuilderDetail, BuilderList } from '../../engine/builder/BuilderPage';
import { PageTabs } from '../../engine/builder/PageTabs';
import { usePageTab } from '../../engine/builder/usePageTab';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { ApiUsersTab } from './ApiUsersTab';
import { builder } from './builder';
import './restApi.css';

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

/**
 * REST API management (spec part 1 §2): two tabs, REST API (the generic list, detail at /restapi/:id)
 * and API users (a list with a drawer). The open tab is in the URL (?tab=apiUsers).
 */
export default function RestApiPage() {
  return (
    <Routes>
      <Route index element={<RestApiTabs />} />
      <Route path=":id" element={<BuilderDetail builder={builder} />} />
    </Routes>
  );
}
