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
  /**
   * The actions a role is given in this area, one checkbox each in the role editor, in its order: the
   * actions the spec's tables list for the area (spec part 1 §6, part 2 §6), nothing else.
   */
  assignable: readonly Action[];
  /**
   * What each action switches on with it (spec part 1 §4 'Role save: implicit permissions are switched
   * on'). An implied action that is not assignable is held only through its implier: Publish where
   * Upsert implies it ('Publish is not assignable in a role'), Read where the spec lists none.
   */
  implies?: Partial<Record<Action, readonly Action[]>>;
  /** Module whose presence in GetClientModules enables the area; defaults to the area name. */
  module?: string;
  /** Shown in the role editor. */
  label: string;
}

/**
 * Connection, document, composed and action document builders: Publish is no action a role is given,
 * because Upsert implies it (spec part 1 §6, part 2 §6); no checkbox, held with Upsert.
 */
const upsertPublishes = { Upsert: ['Read', 'Publish'] } as const;

const documentLike = {
  assignable: ['Read', 'Upsert', 'UpsertAdmin', 'Delete', 'DeletePublished'],
  implies: { ...upsertPublishes, Delete: ['Read'], UpsertAdmin: ['Read'], DeletePublished: ['Read'] },
} as const satisfies Omit<AreaDefinition, 'label'>;

const useOnly = { assignable: ['Read'] } as const satisfies Omit<AreaDefinition, 'label'>;

/**
 * A plain item kind's area (src/domain/plainItems.ts): the actions its x-item `actions` assigns (by
 * default Read, Upsert and Delete), Upsert and Delete implying the Read its list and route need.
 */
const plainImplies = { Upsert: ['Read'], Delete: ['Read'] } as const;

type PlainKind = (typeof plainKinds)[keyof typeof plainKinds];

/** The areas the plain kinds declare in their x-item, labelled with their builder's title. */
const plainAreas = Object.fromEntries(
  Object.values(plainKinds).map((kind) => [
    kind.area,
    { label: kind.title, assignable: kind.actions, implies: plainImplies },
  ]),
) as {
  [K in PlainKind as K['area']]: {
    label: string;
    assignable: K['actions'];
    implies: typeof plainImplies;
  };
};

/** Every area with the actions a role is given in it (spec part 1 §6, part 2 §6). */
export const areas = {
  // part 2 §6: Read, Upsert (implies Read), Upsert special flow, Delete (implies Read), Delete special
  // flow, Publish (implies Read and Upsert).
  FlowBuilder: {
    label: 'Flow Builder',
    assignable: ['Read', 'Upsert', 'Delete', 'Publish', 'UpsertSpecialFlow', 'DeleteSpecialFlow'],
    implies: {
      Upsert: ['Read'],
      Delete: ['Read'],
      Publish: ['Read', 'Upsert'],
      UpsertSpecialFlow: ['Read'],
      DeleteSpecialFlow: ['Read'],
    },
  },
  // part 2 §6: Read, Upsert (implies Read and Publish), Upsert admin, Delete (implies Read), Delete published.
  DocumentBuilder: { label: 'Document Builder', ...documentLike },
  // part 2 §6: Read, Upsert, Upsert admin, Delete, Delete published (part 1 §6: as for documents).
  ComposedDocument: { label: 'Composed Document', ...documentLike },
  // part 2 §6: Read, Upsert, Delete, Delete published; no Upsert admin, and no Publish.
  ActionDocument: {
    label: 'Action Document',
    assignable: ['Read', 'Upsert', 'Delete', 'DeletePublished'],
    implies: { ...upsertPublishes, Delete: ['Read'], DeletePublished: ['Read'] },
  },
  // part 1 §6: Read; Upsert.
  MethodBuilder: { label: 'Method Builder', assignable: ['Read', 'Upsert'], implies: { Upsert: ['Read'] } },
  // part 1 §6: Read; Upsert (implies Read and Publish).
  ConnectionBuilder: {
    label: 'Connection Builder',
    assignable: ['Read', 'Upsert'],
    implies: upsertPublishes,
  },
  // part 1 §6: Read; Upsert; Delete (for API users); Delete rest api.
  RestApiBuilder: {
    label: 'REST API',
    assignable: ['Read', 'Upsert', 'Delete', 'DeleteRestApi'],
    implies: { Upsert: ['Read'], Delete: ['Read'], DeleteRestApi: ['Read'] },
  },
  // part 1 §6: Read; Upsert; Delete; See Admin Status.
  UserManagement: {
    label: 'User Management',
    assignable: ['Read', 'Upsert', 'Delete', 'SeeAdminStatus'],
    implies: { Upsert: ['Read'], Delete: ['Read'], SeeAdminStatus: ['Read'] },
  },
  // part 1 §6, part 2 §6: Read; Upsert (implies Read).
  DocumentEditor: { label: 'Document Editor', assignable: ['Read', 'Upsert'], implies: { Upsert: ['Read'] } },
  // part 1 §6: Upsert, Delete, Publish; no Read. Each implies the Read its route and lists need
  // (part 1 §2: every module route needs Read on its module).
  MetaDocumentBuilder: {
    label: 'Metadata Builder',
    assignable: ['Upsert', 'Delete', 'Publish'],
    implies: { Upsert: ['Read'], Delete: ['Read'], Publish: ['Read'] },
  },
  // part 1 §6 'ScriptBuilder, ScriptDelete: Upsert, Delete; script delete uses its own area': the Script
  // Builder assigns Upsert (its x-item actions), deleting is ScriptDelete's.
  ...plainAreas,
  ScriptDelete: { label: 'Script Delete', assignable: ['Delete'], module: 'ScriptBuilder' },
  // part 1 §6: use-only modules, Read means use.
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

const held = new Map<Area, readonly Action[]>();

/**
 * Every action a role can hold in an area: the assignable ones and what they imply, in the order of
 * `actions`. The server's checks and the token's entitlements know these; the role editor shows only
 * the assignable ones.
 * @example areaActions('MetaDocumentBuilder') // ['Read', 'Upsert', 'Delete', 'Publish']
 */
export function areaActions(area: Area): readonly Action[] {
  let found = held.get(area);
  if (!found) {
    const definition: AreaDefinition = areas[area];
    const out = new Set<Action>();
    const visit = (action: Action) => {
      if (out.has(action)) return;
      out.add(action);
      for (const implied of definition.implies?.[action] ?? []) visit(implied);
    };
    for (const action of definition.assignable) visit(action);
    found = actions.filter((action) => out.has(action));
    held.set(area, found);
  }
  return found;
}

/** Whether a role is given `action` in `area` directly, by a checkbox (spec part 1 §6, part 2 §6). */
export function isAssignable(area: Area, action: string): boolean {
  return (areas[area].assignable as readonly string[]).includes(action);
}
