import { PageTabs } from '../../engine/builder/PageTabs';
import { usePageTab } from '../../engine/builder/usePageTab';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { RolesTab } from './RolesTab';
import { UsersTab } from './UsersTab';
import './userManagement.css';

const tabIds = ['users', 'roles'] as const;
const tabs = [
  { id: 'users', label: 'Users' },
  { id: 'roles', label: 'Roles' },
] as const;

/**
 * User management (spec part 1 §2): two tabs, Users and Roles, each a list with a drawer. The open tab is
 * in the URL (?tab=roles).
 */
export default function UserManagementPage() {
  usePageTitle('User management');
  const [tab, select] = usePageTab(tabIds);
  const bar = <PageTabs label="User management" tabs={tabs} current={tab} onSelect={select} />;
  return tab === 'roles' ? <RolesTab tabs={bar} /> : <UsersTab tabs={bar} />;
}
