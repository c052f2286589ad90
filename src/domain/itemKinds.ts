import { plainKinds } from '../../generated/plainKinds';
import type { components } from '../../generated/uiservices';
import type { Area } from '../permissions/areas';

/** How one kind of stored item is found in the console: its builder's route, area and texts. */
export interface ItemKindInfo {
  /** The builder's route (spec part 1 §2 'Module routes', part 2 §2). */
  route: string;
  /** Read on this area lets a user see the item (spec part 1 §6, part 2 §6). */
  area: Area;
  /** The item in texts. */
  label: string;
  /** Items that belong to a connection open with ?connection= (methods, documents). */
  scoped: boolean;
}

type PlainKinds = typeof plainKinds;

/** The rows of the plain kinds, from their x-item declarations (src/domain/plainItems.ts). */
const plainRows = Object.fromEntries(
  Object.values(plainKinds).map((kind) => [
    kind.kind,
    { route: kind.route, area: kind.area, label: kind.label, scoped: false },
  ]),
) as {
  [K in keyof PlainKinds]: {
    route: PlainKinds[K]['route'];
    area: PlainKinds[K]['area'];
    label: string;
    scoped: false;
  };
};

/**
 * The item kinds and where each is edited: the builder items (server/items: the `kind` column) and
 * flows, which live in their own tables (server/flows). The command palette, the audit trail, where used
 * and the server's item search all read this one table. A plain kind's row comes from its x-item
 * declaration; any other new builder adds one row here.
 */
export const itemKinds = {
  connection: { route: '/connectionbuilder', area: 'ConnectionBuilder', label: 'connection', scoped: false },
  metadata: {
    route: '/metadatabuilder',
    area: 'MetaDocumentBuilder',
    label: 'metadata document',
    scoped: false,
  },
  method: { route: '/methodbuilder', area: 'MethodBuilder', label: 'method', scoped: true },
  restApi: { route: '/restapi', area: 'RestApiBuilder', label: 'REST API', scoped: false },
  ...plainRows,
  document: { route: '/documentbuilder', area: 'DocumentBuilder', label: 'document', scoped: true },
  composedDocument: {
    route: '/composeddocument',
    area: 'ComposedDocument',
    label: 'composed document',
    scoped: true,
  },
  actionDocument: {
    route: '/actiondocument',
    area: 'ActionDocument',
    label: 'action document',
    scoped: true,
  },
  flow: { route: '/flowbuilder', area: 'FlowBuilder', label: 'flow', scoped: false },
  // One row per kind of the contract's ItemKind (schemas/audit/item-kind.schema.json and the plain
  // kinds codegen adds to it), no more, no fewer.
} as const satisfies Record<components['schemas']['ItemKind'], ItemKindInfo>;

export type ItemKindName = keyof typeof itemKinds;
export const itemKindNames = Object.keys(itemKinds) as ItemKindName[];

export const isItemKind = (kind: string): kind is ItemKindName => Object.hasOwn(itemKinds, kind);

/** The item kind a builder route edits, if any. */
export const itemKindOfRoute = (route: string): ItemKindName | undefined =>
  itemKindNames.find((kind) => itemKinds[kind].route === route);

/**
 * The console address of one item: its builder's route and guid, with the connection for scoped kinds.
 * @example itemPath('method', guid, connection) // '/methodbuilder/<guid>?connection=<connection>'
 */
export function itemPath(kind: ItemKindName, guid: string, scope?: string | null): string {
  const info = itemKinds[kind];
  const path = `${info.route}/${encodeURIComponent(guid)}`;
  return info.scoped && scope ? `${path}?connection=${encodeURIComponent(scope)}` : path;
}
