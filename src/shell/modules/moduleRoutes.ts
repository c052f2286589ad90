import { plainKinds } from '../../../generated/plainKinds';
import { t } from '../../messages/t';

/** Menu groups in order, with their labels (spec part 1 §2 'Side navigation'). */
export const menuGroups = [
  { id: 'home', order: 0, label: t('menu.group.home') },
  { id: 'builder', order: 20, label: t('menu.group.builder') },
  { id: 'management', order: 30, label: t('menu.group.management') },
  { id: 'admin', order: 40, label: t('menu.group.admin') },
  { id: 'clientModules', order: 50, label: t('menu.group.clientModules') },
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
  /** Client modules show an embedded frame instead of a builder (spec part 1 §7 GetIFrameInfo). */
  embedded: boolean;
  /** Shown to administrators only, whatever the module's permissions (issue 31: export and import). */
  adminOnly?: boolean;
}

const label = (group: MenuGroup) => menuGroups.find((entry) => entry.id === group)?.label ?? '';

const route = (
  path: string,
  module: string,
  [title, description]: [string, string],
  group: MenuGroup,
  order: number,
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

/** The plain kinds' builders, as their x-item declares them (src/domain/plainItems.ts). */
const plainRoutes = Object.values(plainKinds).map((kind) =>
  route(kind.route, kind.area, [kind.title, kind.description], kind.menu.group, kind.menu.order),
);

/** Every module route with its group and order (spec part 1 §2 'Module routes', part 2 §2). */
export const moduleRoutes: readonly ModuleRoute[] = [
  route(
    '/flowbuilder',
    'FlowBuilder',
    [t('module.flowBuilder'), t('module.flowBuilder.description')],
    'none',
    5,
  ),
  route(
    '/documentbuilder',
    'DocumentBuilder',
    [t('module.documentBuilder'), t('module.documentBuilder.description')],
    'builder',
    10,
  ),
  route(
    '/composeddocument',
    'ComposedDocument',
    [t('module.composedDocument'), t('module.composedDocument.description')],
    'builder',
    15,
  ),
  route(
    '/actiondocument',
    'ActionDocument',
    [t('module.actionDocument'), t('module.actionDocument.description')],
    'builder',
    15,
  ),
  route(
    '/methodbuilder',
    'MethodBuilder',
    [t('module.methodBuilder'), t('module.methodBuilder.description')],
    'builder',
    20,
  ),
  route(
    '/connectionbuilder',
    'ConnectionBuilder',
    [t('module.connectionBuilder'), t('module.connectionBuilder.description')],
    'builder',
    25,
  ),
  route('/restapi', 'RestApiBuilder', [t('module.restApi'), t('module.restApi.description')], 'builder', 30),
  route(
    '/usermanagement',
    'UserManagement',
    [t('module.userManagement'), t('module.userManagement.description')],
    'management',
    35,
  ),
  route(
    '/documenteditor',
    'DocumentEditor',
    [t('module.documentEditor'), t('module.documentEditor.description')],
    'management',
    40,
  ),
  route(
    '/metadatabuilder',
    'MetaDocumentBuilder',
    [t('module.metadataBuilder'), t('module.metadataBuilder.description')],
    'admin',
    45,
  ),
  ...plainRoutes,
  // Not a builder of the spec: the audit trail (issue 10 point 7). Whoever may read users and roles may
  // read who changed what, so it rides on the UserManagement module and its Read.
  route('/audit', 'UserManagement', [t('module.audit'), t('module.audit.description')], 'admin', 55),
  // Not a builder of the spec: definitions as files (issue 31 points 3 and 4). An export holds roles and
  // API users and an import writes every kind, so only administrators see it (the server enforces it too).
  {
    ...route(
      '/promote',
      'UserManagement',
      [t('module.promote'), t('module.promote.description')],
      'admin',
      56,
    ),
    adminOnly: true,
  },
  route(
    '/reporting',
    'Reporting',
    [t('module.reporting'), t('module.reporting.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/dashboard',
    'Dashboard',
    [t('module.dashboard'), t('module.dashboard.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/customers',
    'Customers',
    [t('module.customers'), t('module.customers.description')],
    'clientModules',
    100,
    true,
  ),
  route('/queue', 'Queue', [t('module.queue'), t('module.queue.description')], 'clientModules', 100, true),
  route(
    '/dispatcher',
    'Dispatcher',
    [t('module.dispatcher'), t('module.dispatcher.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/datacleansing',
    'Datacleansing',
    [t('module.datacleansing'), t('module.datacleansing.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/functionBlocks',
    'FunctionBlocks',
    [t('module.functionBlocks'), t('module.functionBlocks.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/insightTags',
    'InsightTags',
    [t('module.insightTags'), t('module.insightTags.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/insightKPI',
    'InsightKPI',
    [t('module.insightKPI'), t('module.insightKPI.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/generativeAI',
    'GenerativeAI',
    [t('module.generativeAI'), t('module.generativeAI.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/settingsdashboard',
    'SettingsDashboard',
    [t('module.settingsDashboard'), t('module.settingsDashboard.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/settingsreports',
    'SettingsReports',
    [t('module.settingsReports'), t('module.settingsReports.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/settingsdatacleansing',
    'SettingsDatacleansing',
    [t('module.settingsDatacleansing'), t('module.settingsDatacleansing.description')],
    'clientModules',
    100,
    true,
  ),
  route(
    '/segmentbuilder',
    'SegmentBuilder',
    [t('module.segmentBuilder'), t('module.segmentBuilder.description')],
    'clientModules',
    110,
    true,
  ),
];
