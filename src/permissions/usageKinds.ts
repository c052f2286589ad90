import type { components } from '../../generated/uiservices';
import { type ItemKindInfo, itemKinds, itemPath } from './itemKinds';

export type UsageKindName = components['schemas']['UsageKind'];

/**
 * The kinds of item that can use another (issue 10 point 1 'Where used'): the stored builder items, and
 * flows, which live in their own tables (server/flows) and so are not item kinds of the palette or the
 * audit trail. The server names a user only to callers who may read its area.
 */
export const usageKinds = {
  ...itemKinds,
  flow: { route: '/flowbuilder', area: 'FlowBuilder', label: 'flow', scoped: false },
} as const satisfies Record<UsageKindName, ItemKindInfo>;

/**
 * The console address of an item that uses another: a flow opens at the version that uses it, any other
 * item at its builder's address (`itemPath`).
 * @example usagePath({ Kind: 'flow', Guid: g, Connection: null, Version: v }) // '/flowbuilder/<g>?version=<v>'
 */
export function usagePath(entry: {
  Kind: UsageKindName;
  Guid: string;
  Connection: string | null;
  Version: string | null;
}): string {
  if (entry.Kind !== 'flow') return itemPath(entry.Kind, entry.Guid, entry.Connection);
  const path = `${usageKinds.flow.route}/${encodeURIComponent(entry.Guid)}`;
  return entry.Version ? `${path}?version=${encodeURIComponent(entry.Version)}` : path;
}
