import { plainKinds } from '../../generated/plainKinds';

/**
 * Permission areas and their actions (spec part 1 §6, part 2 §6). One table drives the server's checks,
 * the role editor's matrix and the console's `can()`.
 */
export const actions = [
  'Read',
  'Upsert',
  'Delete',
  'Publish',
  'UpsertAdmin',
  'DeletePublished',
  'UpsertSpecialFlow',
  'DeleteSpecialFlow',
  'DeleteRestApi',
  'SeeAdminStatus',
] as const;
export type Action = (typeof actions)[number];

export interface AreaDefinition {
  /** Actions a role can hold in this area, in the order the role editor shows them. */
  actions: readonly Action[];
  /** What each action switches on with it on save (spec: "implied permissions are switched on"). */
  implies?: Partial<Record<Action, readonly Action[]>>;
  /** Actions not assignable in a role because another implies them (spec part 1 §6). */
  notAssignable?: readonly Action[];
  /** Module whose presence in GetClientModules enables the area; defaults to the area name. */
  module?: string;
  /** Shown in the role editor. */
  label: string;
}

const documentLike = {
  actions: ['Read', 'Upsert', 'Publish', 'UpsertAdmin', 'Delete', 'DeletePublished'],
  implies: {
    Upsert: ['Read', 'Publish'],
    Delete: ['Read'],
    UpsertAdmin: ['Read'],
    DeletePublished: ['Read'],
  },
  notAssignable: ['Publish'],
} as const satisfies Omit<AreaDefinition, 'label'>;

const useOnly = { actions: ['Read'] } as const satisfies Omit<AreaDefinition, 'label'>;

/** A plain item kind's area (src/domain/plainItems.ts): read, save (and publish), delete. */
const plainLike = {
  actions: ['Read', 'Upsert', 'Delete'],
  implies: { Upsert: ['Read'], Delete: ['Read'] },
} as const satisfies Omit<AreaDefinition, 'label'>;

type PlainKind = (typeof plainKinds)[keyof typeof plainKinds];

/** The areas the plain kinds declare in their x-item, labelled with their builder's title. */
const plainAreas = Object.fromEntries(
  Object.values(plainKinds).map((kind) => [kind.area, { label: kind.title, ...plainLike }]),
) as { [K in PlainKind as K['area']]: { label: string } & typeof plainLike };

export const areas = {
  FlowBuilder: {
    label: 'Flow Builder',
    actions: ['Read', 'Upsert', 'Delete', 'Publish', 'UpsertSpecialFlow', 'DeleteSpecialFlow'],
    implies: {
      Upsert: ['Read'],
      Delete: ['Read'],
      Publish: ['Read', 'Upsert'],
      UpsertSpecialFlow: ['Read'],
      DeleteSpecialFlow: ['Read'],
    },
  },
  DocumentBuilder: { label: 'Document Builder', ...documentLike },
  ComposedDocument: { label: 'Composed Document', ...documentLike },
  ActionDocument: {
    label: 'Action Document',
    actions: ['Read', 'Upsert', 'Publish', 'Delete', 'DeletePublished'],
    implies: { Upsert: ['Read', 'Publish'], Delete: ['Read'], DeletePublished: ['Read'] },
    notAssignable: ['Publish'],
  },
  MethodBuilder: { label: 'Method Builder', actions: ['Read', 'Upsert'], implies: { Upsert: ['Read'] } },
  ConnectionBuilder: {
    label: 'Connection Builder',
    actions: ['Read', 'Upsert', 'Publish'],
    implies: { Upsert: ['Read', 'Publish'] },
    notAssignable: ['Publish'],
  },
  RestApiBuilder: {
    label: 'REST API',
    actions: ['Read', 'Upsert', 'Delete', 'DeleteRestApi'],
    implies: { Upsert: ['Read'], Delete: ['Read'], DeleteRestApi: ['Read'] },
  },
  UserManagement: {
    label: 'User Management',
    actions: ['Read', 'Upsert', 'Delete', 'SeeAdminStatus'],
    implies: { Upsert: ['Read'], Delete: ['Read'], SeeAdminStatus: ['Read'] },
  },
  DocumentEditor: { label: 'Document Editor', actions: ['Read', 'Upsert'], implies: { Upsert: ['Read'] } },
  // These areas list no Read action (spec part 1 §6); any of their actions lets the holder open the screen.
  MetaDocumentBuilder: {
    label: 'Metadata Builder',
    actions: ['Read', 'Upsert', 'Delete', 'Publish'],
    implies: { Upsert: ['Read'], Delete: ['Read'], Publish: ['Read'] },
  },
  ...plainAreas,
  ScriptDelete: { label: 'Script Delete', actions: ['Delete'], module: 'ScriptBuilder' },
  SegmentBuilder: { label: 'Segment Builder', ...useOnly },
  Reporting: { label: 'Reporting', ...useOnly },
  Dashboard: { label: 'Dashboard', ...useOnly },
  Customers: { label: 'Customers', ...useOnly },
  Queue: { label: 'Queue', ...useOnly },
  Dispatcher: { label: 'Dispatcher', ...useOnly },
  Datacleansing: { label: 'Datacleansing', ...useOnly },
  FunctionBlocks: { label: 'Function Blocks', ...useOnly },
  GenerativeAI: { label: 'Generative AI', ...useOnly },
  InsightTags: { label: 'Insight Tags', ...useOnly },
  InsightKPI: { label: 'Insight KPI', ...useOnly },
  SettingsDashboard: { label: 'Dashboard Settings', ...useOnly },
  SettingsReports: { label: 'Reports Settings', ...useOnly },
  SettingsDatacleansing: { label: 'Datacleansing Settings', ...useOnly },
} as const satisfies Record<string, AreaDefinition>;

export type Area = keyof typeof areas;
export const areaNames = Object.keys(areas) as Area[];

export function isArea(name: string): name is Area {
  return Object.hasOwn(areas, name);
}
