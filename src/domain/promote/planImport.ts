import { diffItems, type FieldChange } from '../diff/diffItems';
import { itemKinds } from '../itemKinds';
import { type Definition, type DefinitionKind, definitionPath, definitionTitle } from './definitions';
import { stableJson } from './stableJson';

export type ImportStatus = 'new' | 'changed' | 'unchanged';

/** Why an import is refused as a whole; a catalogue key with its params. */
export interface Refusal {
  path: string;
  messageKey: 'promote.nameTaken' | 'promote.guidOtherKind' | 'promote.duplicate';
  params: Record<string, string>;
}

/** One definition of the folder as the import would write it. */
export interface PlannedItem {
  path: string;
  kind: DefinitionKind;
  title: string;
  status: ImportStatus;
  /** The definition with its references rewritten to the target's guids. */
  definition: Definition;
  /** The target's item it replaces, as the target exports it; null for a new one. */
  existing: Definition | null;
  /** Field by field, what the import changes in the target's item (src/domain/diff, as before a publish). */
  changes: FieldChange[];
}

export interface ImportPlan {
  items: PlannedItem[];
  refusals: Refusal[];
}

const lower = (text: string) => text.trim().toLowerCase();
const guidOf = (definition: Definition) => ('Guid' in definition ? definition.Guid : null);

/** What a target's item of a kind is unique by, besides its kind (spec part 1 §5, part 2 §5). */
function identity(definition: Definition, guidMap: ReadonlyMap<string, string>): string {
  const mapped = (guid: string | undefined) => (guid ? (guidMap.get(lower(guid)) ?? lower(guid)) : '');
  switch (definition.Kind) {
    case 'flow':
      return `${lower(definition.Name)}\n${definition.HttpMethod}\n${mapped(definition.RestApi?.Guid)}`;
    case 'role':
    case 'apiUser':
      return lower(definition.Name);
    default:
      return `${mapped(definition.Connection?.Guid)}\n${lower(definition.Name)}`;
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value with every guid the map knows replaced by the target's, at any depth. */
export function rewriteGuids<T>(value: T, guidMap: ReadonlyMap<string, string>): T {
  if (guidMap.size === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return GUID.test(node) ? (guidMap.get(node.toLowerCase()) ?? node) : node;
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, entry]) => [key, walk(entry)]));
    return node;
  };
  return walk(value) as T;
}

/**
 * What a flow is compared by: its versions' graphs, not their numbers, which the target counts itself
 * (an import beside other versions numbers its own), so importing a folder twice changes nothing.
 */
function comparable(definition: Definition): unknown {
  if (definition.Kind !== 'flow') {
    if (!('HostKey' in definition)) return definition;
    const { HostKey: _pin, ...item } = definition;
    return item;
  }
  const graph = (version: typeof definition.Published) => (version ? { Flow: version.Flow } : null);
  return { ...definition, Published: graph(definition.Published), Draft: graph(definition.Draft) };
}

/**
 * How a folder of definitions lands on a target that has `existing` (issue 31 point 4): each definition is
 * matched by guid, then by kind and name (with its connection or REST API, themselves matched first), so
 * an export from one server imports into another whose guids differ; every guid of a matched item is then
 * rewritten to the target's throughout the folder. Each item is new, changed (with its field-level diff)
 * or unchanged. Refused: a guid the target holds for another kind of item, a name the target gives
 * another item of the kind (an item matched by guid renamed onto it), and two files for one item.
 */
export function planImport(
  incoming: readonly Definition[],
  existing: readonly Definition[],
  /** The file each definition came from, where it is not where an export would write it. */
  pathOf: (definition: Definition) => string = definitionPath,
): ImportPlan {
  const refusals: Refusal[] = [];
  const guidMap = new Map<string, string>();
  const byGuid = new Map<string, Definition>();
  for (const item of existing) {
    const guid = guidOf(item);
    if (guid) byGuid.set(lower(guid), item);
  }
  const kindOrder = Object.keys(itemKinds);
  // Kinds whose items others belong to first, so a method's connection is matched before the method.
  const ordered = [...incoming].sort((a, b) => rank(a.Kind, kindOrder) - rank(b.Kind, kindOrder));
  const matches = new Map<Definition, Definition | null>();
  for (const item of ordered) {
    const guid = guidOf(item);
    const sameGuid = guid ? byGuid.get(lower(guid)) : undefined;
    if (sameGuid && sameGuid.Kind !== item.Kind) {
      refusals.push({
        path: pathOf(item),
        messageKey: 'promote.guidOtherKind',
        params: { name: definitionTitle(item), kind: sameGuid.Kind, other: definitionTitle(sameGuid) },
      });
      matches.set(item, null);
      continue;
    }
    const key = identity(item, guidMap);
    const sameName = existing.find((other) => other.Kind === item.Kind && identity(other, new Map()) === key);
    const match = sameGuid ?? sameName ?? null;
    if (sameGuid && sameName && sameName !== sameGuid)
      refusals.push({
        path: pathOf(item),
        messageKey: 'promote.nameTaken',
        params: { name: definitionTitle(item), kind: item.Kind },
      });
    const matchGuid = match ? guidOf(match) : null;
    if (guid && matchGuid && lower(guid) !== lower(matchGuid)) guidMap.set(lower(guid), matchGuid);
    matches.set(item, match);
  }
  const seen = new Map<string, string>();
  const items = incoming.map((source): PlannedItem => {
    const definition = rewriteGuids(source, guidMap);
    const path = pathOf(source);
    const key = `${definition.Kind}\n${identity(definition, new Map())}`;
    if (seen.has(key))
      refusals.push({
        path,
        messageKey: 'promote.duplicate',
        params: { name: definitionTitle(definition), other: seen.get(key)! },
      });
    seen.set(key, path);
    const match = matches.get(source) ?? null;
    const same = match !== null && stableJson(comparable(match)) === stableJson(comparable(definition));
    return {
      path,
      kind: definition.Kind,
      title: definitionTitle(definition),
      status: match === null ? 'new' : same ? 'unchanged' : 'changed',
      definition,
      existing: match,
      changes: same ? [] : diffItems(match, definition),
    };
  });
  return { items, refusals };
}

function rank(kind: DefinitionKind, order: readonly string[]): number {
  if (kind === 'role') return -2;
  if (kind === 'apiUser') return -1;
  return order.indexOf(kind);
}
