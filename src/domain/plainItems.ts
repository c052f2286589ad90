/**
 * A plain item kind is declared, not coded (README 'Adding a builder'): its entity schema carries an
 * `x-item` object (this shape), its operations in the contract carry `x-item-kind` (the kind) and
 * `x-item-call` (list, get, save or delete). `npm run codegen` checks both and writes
 * generated/plainKinds.ts, from which the item-kind row (src/domain/itemKinds.ts), the permission area
 * (src/permissions/areas.ts), the route (src/shell/modules/moduleRoutes.ts), the usage rule
 * (server/usage/usageRules.ts), the platform module (server/seed) and the server's generic handlers
 * (server/items/plainHandlers.ts) are made.
 */
export interface PlainItemDeclaration {
  /** The `kind` column of its stored items, in ItemKind (camelCase). */
  kind: string;
  /** The item in texts: 'script'. */
  label: string;
  /** The builder's title, its menu entry, module and permission area label: 'Script Builder'. */
  title: string;
  /** The menu entry's description. */
  description: string;
  /** The builder's route; its registry entry is src/builders/<route>/builder.ts. */
  route: string;
  /** Where the menu shows it (spec part 1 §2 'Side navigation'). */
  menu: { group: PlainMenuGroup; order: number };
  /**
   * Its own permission area and platform module, with the plain actions: Read, Upsert (implies Read)
   * and Delete (implies Read). The operations' x-permission name it.
   */
  area: string;
  /**
   * The actions a role is given in its area, the role editor's checkboxes (src/permissions/areas.ts);
   * default all three. Upsert and Delete imply Read, so an area without Read still opens its builder
   * to those who hold them: the Script Builder's is `["Upsert"]` (spec part 1 §6, its deleting is the
   * ScriptDelete area's). Every x-permission of the kind's calls on its area must be held through them.
   */
  actions?: PlainAction[];
  /** The property holding the guid; default Guid. */
  idField?: string;
  /** The property holding the name; default Name. */
  nameField?: string;
  /** Fields a paged list's search looks in (the list call's `search`); default the name. */
  search?: string[];
  /**
   * Its usage rule: properties holding the guid of another item, by the kind of that item. Where used
   * and the impact check follow them (a published item referring to another blocks deleting it).
   */
  refs?: Record<string, string>;
  /** Catalogue keys: the item not found (default notFound.item), its name taken (default item.nameTaken). */
  messages?: { notFound?: string; nameTaken?: string };
}

export const plainActions = ['Read', 'Upsert', 'Delete'] as const;
export type PlainAction = (typeof plainActions)[number];

export const plainMenuGroups = ['builder', 'management', 'admin'] as const;
export type PlainMenuGroup = (typeof plainMenuGroups)[number];

/** The calls of a plain kind, as `x-item-call` names them; delete is optional. */
export const plainCalls = ['list', 'get', 'save', 'delete'] as const;
export type PlainCall = (typeof plainCalls)[number];

const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' } as const;

/** The shape of `x-item`, checked by the shared Ajv wherever a schema carrying it is compiled. */
export const plainItemMetaSchema = {
  type: 'object',
  required: ['kind', 'label', 'title', 'description', 'route', 'menu', 'area'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    label: { type: 'string', minLength: 1 },
    title: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    route: { type: 'string', pattern: '^/[a-z0-9]+$' },
    menu: {
      type: 'object',
      required: ['group', 'order'],
      additionalProperties: false,
      properties: { group: { enum: [...plainMenuGroups] }, order: { type: 'number' } },
    },
    area: name,
    actions: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...plainActions] } },
    idField: name,
    nameField: name,
    search: { type: 'array', items: name },
    refs: { type: 'object', propertyNames: name, additionalProperties: { type: 'string' } },
    messages: {
      type: 'object',
      additionalProperties: false,
      properties: { notFound: { type: 'string' }, nameTaken: { type: 'string' } },
    },
  },
} as const;
