/** Menu groups in order, with their labels (spec part 1 §2 'Side navigation'). */
export const menuGroups = [
  { id: 'home', order: 0, label: 'Home' },
  { id: 'builder', order: 20, label: 'Admin Builder' },
  { id: 'management', order: 30, label: 'Management' },
  { id: 'admin', order: 40, label: 'Admin Modules' },
  { id: 'clientModules', order: 50, label: 'Client Module' },
] as const;

export type MenuGroup = (typeof menuGroups)[number]['id'] | 'none';

export interface ModuleRoute {
  path: string;
  /** Module name: must be in GetClientModules and hold Read (spec part 1 §2, §6). */
  module: string;
  label: string;
  group: MenuGroup;
  groupLabel: string;
  order: number;
  description: string;
  /** Client modules show an embedded frame instead of a builder. */
  embedded?: boolean;
}

const label = (group: MenuGroup) => menuGroups.find((entry) => entry.id === group)?.label ?? '';

const route = (
  path: string,
  module: string,
  title: string,
  group: MenuGroup,
  order: number,
  description: string,
  embedded = false,
): ModuleRoute => ({
  path,
  module,
  label: title,
  group,
  groupLabel: label(group),
  order,
  description,
  embedded,
});

/** Every module route with its group and order (spec part 1 §2 'Module routes', part 2 §2). */
export const moduleRoutes: ModuleRoute[] = [
  route('/flowbuilder', 'FlowBuilder', 'Flow Builder', 'none', 5, 'Block-based REST method flows.'),
  route(
    '/documentbuilder',
    'DocumentBuilder',
    'Document Builder',
    'builder',
    10,
    'Action and list documents on a connection.',
  ),
  route(
    '/composeddocument',
    'ComposedDocument',
    'Composed Document',
    'builder',
    15,
    'Join a root document with child documents.',
  ),
  route(
    '/actiondocument',
    'ActionDocument',
    'Action Document',
    'builder',
    15,
    'Trees of actions with relations and match rules.',
  ),
  route(
    '/methodbuilder',
    'MethodBuilder',
    'Method Builder',
    'builder',
    20,
    'Wrap stored procedures as methods.',
  ),
  route(
    '/connectionbuilder',
    'ConnectionBuilder',
    'Connection Builder',
    'builder',
    25,
    'Databases and services the platform talks to.',
  ),
  route('/restapi', 'RestApiBuilder', 'REST API', 'builder', 30, 'REST APIs and their API users.'),
  route('/usermanagement', 'UserManagement', 'User Management', 'management', 35, 'Users and roles.'),
  route(
    '/documenteditor',
    'DocumentEditor',
    'Document Editor',
    'management',
    40,
    'Records of published list documents.',
  ),
  route(
    '/metadatabuilder',
    'MetaDocumentBuilder',
    'Metadata Builder',
    'admin',
    45,
    'Schemas with nested fields.',
  ),
  route('/scriptbuilder', 'ScriptBuilder', 'Script Builder', 'admin', 50, 'C# scripts with a service host.'),
  route('/reporting', 'Reporting', 'Reporting', 'clientModules', 100, 'Reports.', true),
  route('/dashboard', 'Dashboard', 'Dashboard', 'clientModules', 100, 'Dashboards.', true),
  route('/customers', 'Customers', 'Customers', 'clientModules', 100, 'Customers.', true),
  route('/queue', 'Queue', 'Queue', 'clientModules', 100, 'Work queue.', true),
  route('/dispatcher', 'Dispatcher', 'Dispatcher', 'clientModules', 100, 'Dispatching.', true),
  route('/datacleansing', 'Datacleansing', 'Datacleansing', 'clientModules', 100, 'Data cleansing.', true),
  route(
    '/functionBlocks',
    'FunctionBlocks',
    'Function Blocks',
    'clientModules',
    100,
    'Function blocks.',
    true,
  ),
  route('/insightTags', 'InsightTags', 'Insight Tags', 'clientModules', 100, 'Insight tags.', true),
  route('/insightKPI', 'InsightKPI', 'Insight KPI', 'clientModules', 100, 'Insight KPIs.', true),
  route('/generativeAI', 'GenerativeAI', 'Generative AI', 'clientModules', 100, 'Generative AI.', true),
  route(
    '/settingsdashboard',
    'SettingsDashboard',
    'Dashboard Settings',
    'clientModules',
    100,
    'Dashboard settings.',
    true,
  ),
  route(
    '/settingsreports',
    'SettingsReports',
    'Reports Settings',
    'clientModules',
    100,
    'Report settings.',
    true,
  ),
  route(
    '/settingsdatacleansing',
    'SettingsDatacleansing',
    'Datacleansing Settings',
    'clientModules',
    100,
    'Datacleansing settings.',
    true,
  ),
  route(
    '/segmentbuilder',
    'SegmentBuilder',
    'Segment Builder',
    'clientModules',
    110,
    'Customer segments.',
    true,
  ),
];
