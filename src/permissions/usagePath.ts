import { type ItemKindName, itemKinds, itemPath } from '../domain/itemKinds';

/**
 * The console address of an item that uses another (issue 10 point 1 'Where used'): a flow opens at the
 * version that uses it, any other item at its builder's address (`itemPath`).
 * @example usagePath({ Kind: 'flow', Guid: g, Connection: null, Version: v }) // '/flowbuilder/<g>?version=<v>'
 */
export function usagePath(entry: {
  Kind: ItemKindName;
  Guid: string;
  Connection: string | null;
  Version: string | null;
}): string {
  if (entry.Kind !== 'flow' || !entry.Version) return itemPath(entry.Kind, entry.Guid, entry.Connection);
  return `${itemKinds.flow.route}/${encodeURIComponent(entry.Guid)}?version=${encodeURIComponent(entry.Version)}`;
}
