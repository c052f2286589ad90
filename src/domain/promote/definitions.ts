import { type ItemKindName, itemKindNames } from '../itemKinds';

export type Body = Record<string, unknown>;

/** An item another definition belongs to or names, by guid and, for readers of the file, by name. */
export interface Reference {
  Guid: string;
  Name: string;
}

/**
 * A builder item of the `items` table (connections, metadata documents, methods, REST APIs, scripts,
 * documents, composed and action documents): its published body, and its draft when it differs from it
 * (null when the item is published as it stands).
 */
export interface ItemDefinition {
  Kind: Exclude<ItemKindName, 'flow'>;
  Guid: string;
  Name: string;
  /** The connection a method or document belongs to; null for other kinds. */
  Connection: Reference | null;
  Published: Body | null;
  Draft: Body | null;
  /**
   * An SFTP connection's pinned host key (issue 30 point 4), for the host and port it was taken from: an
   * import gives it to a connection the target has no pin for, so flows run there without a first Test
   * Connection; a pin the target took itself is kept. Not part of the item: it never makes one changed.
   */
  HostKey?: HostKeyPin | undefined;
}

export interface HostKeyPin {
  Host: string;
  Port: number;
  Fingerprint: string;
}

/** A flow version as exported: its number and its block graph. */
export interface FlowVersionDefinition {
  Version: number;
  Flow: Body;
}

/** A flow with its current published version and its draft (spec part 2 §3 'Flow', §4). */
export interface FlowDefinition {
  Kind: 'flow';
  Guid: string;
  Name: string;
  HttpMethod: string;
  RestApi: Reference | null;
  Description: string | null;
  IsScript: boolean;
  IsActive: boolean;
  KeepCallData: string;
  Published: FlowVersionDefinition | null;
  Draft: FlowVersionDefinition | null;
}

/** A role: roles are numbered per server, so a role is known by its name (spec part 1 §3 'Role'). */
export interface RoleDefinition {
  Kind: 'role';
  Name: string;
  Permissions: Body;
}

/** An API user without its token (tokens never leave a server); its roles by name. */
export interface ApiUserDefinition {
  Kind: 'apiUser';
  Guid: string;
  Name: string;
  IsActive: boolean;
  Roles: string[];
}

export type Definition = ItemDefinition | FlowDefinition | RoleDefinition | ApiUserDefinition;
export type DefinitionKind = Definition['Kind'];

/**
 * Every kind that can leave as files, in the order an import writes them: roles before the API users
 * holding them, connections before what belongs to them, REST APIs before their flows, documents before
 * the composed and action documents over them (src/domain/itemKinds.ts lists the builder kinds so).
 */
export const definitionKinds: readonly DefinitionKind[] = ['role', 'apiUser', ...itemKindNames];

export const isDefinitionKind = (kind: string): kind is DefinitionKind =>
  (definitionKinds as readonly string[]).includes(kind);

/** What an exported connection holds instead of each stored secret (issue 31 point 3: secrets never). */
export const SECRET_PLACEHOLDER = '<secret: not exported>';

/**
 * A name as one segment of a path: letters, digits, space, dot, dash, underscore and brackets stay,
 * anything else (the slash of a flow's name `customers/credit`) is %-encoded, as is a leading dot.
 */
export function fileSegment(name: string): string {
  const encoded = [...name]
    .map((char) =>
      /[A-Za-z0-9 ._()-]/.test(char)
        ? char
        : [...new TextEncoder().encode(char)]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('');
  return encoded.startsWith('.') ? `%2E${encoded.slice(1)}` : encoded;
}

/**
 * Where a definition lives in an export folder: `<kind>/<name>.json`, with the connection as a folder
 * for items that belong to one (names are unique per connection) and a flow named by method and name
 * under its REST API (unique by name, method and REST API: spec part 2 §5).
 * @example definitionPath(flow) // 'flow/orders_api/GET customers%2Fcredit.json'
 */
export function definitionPath(definition: Definition): string {
  const file = (name: string) => `${fileSegment(name)}.json`;
  switch (definition.Kind) {
    case 'role':
    case 'apiUser':
      return `${definition.Kind}/${file(definition.Name)}`;
    case 'flow': {
      const title = `${definition.HttpMethod} ${definition.Name}`;
      return definition.RestApi
        ? `flow/${fileSegment(definition.RestApi.Name)}/${file(title)}`
        : `flow/${file(title)}`;
    }
    default:
      return definition.Connection
        ? `${definition.Kind}/${fileSegment(definition.Connection.Name)}/${file(definition.Name)}`
        : `${definition.Kind}/${file(definition.Name)}`;
  }
}

/** How a definition is named in a preview and the audit trail (a flow as the Flow Builder lists it). */
export const definitionTitle = (definition: Definition): string =>
  definition.Kind === 'flow' ? `${definition.HttpMethod} ${definition.Name}` : definition.Name;
