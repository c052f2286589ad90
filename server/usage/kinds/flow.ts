import type { FlowBlock, RestMethodFlow } from '../../../src/domain/flow/types';
import type { Body, FieldUse, KindUsage, Lookup, Ref, UsageKind } from '../types';

/** What a read or write block's Action.Type says it calls (server/flows/flowActions.ts answers these). */
const actionKinds: Record<string, UsageKind> = {
  Document: 'document',
  Method: 'method',
  ComposedDocument: 'composedDocument',
  ActionDocument: 'actionDocument',
};

/** A composed or action document's root document, whose fields it answers as a flow action. */
const rootOf: Partial<Record<UsageKind, (body: Body) => unknown>> = {
  composedDocument: (body) => (body.Document as { Guid?: unknown } | undefined)?.Guid,
  actionDocument: (body) => {
    const root = body.Action as { Guid?: unknown; Type?: unknown } | undefined;
    return root?.Type === 'Method' ? undefined : root?.Guid;
  },
};

/**
 * The fields of its action a read or write block names (spec part 2 §3 'Block', §5 'Flow blocks' Read,
 * Write): mappings fill inputs (To); output fields, filter rules and sorting read outputs.
 */
function blockFields(block: FlowBlock): FieldUse[] {
  const config = block.Config ?? {};
  const output = (field: string | null | undefined): FieldUse[] => (field ? [{ field, side: 'output' }] : []);
  return [
    ...(config.Mapping ?? []).flatMap((mapping): FieldUse[] =>
      mapping.To ? [{ field: mapping.To, side: 'input' }] : [],
    ),
    ...(block.Output ?? []).flatMap((field) => output(field.Name)),
    ...(config.Filters ?? []).flatMap((group) => (group.Rules ?? []).flatMap((rule) => output(rule.Name))),
    ...(config.Sorting ?? []).flatMap((sort) => output(sort.Name)),
  ];
}

function actionRefs(block: FlowBlock, lookup: Lookup): Ref[] {
  const action = block.Config?.Action;
  if (!action?.Guid) return [];
  const fields = blockFields(block);
  // An action without its Type is looked for among every kind a block can call.
  const kinds =
    action.Type && actionKinds[action.Type] ? [actionKinds[action.Type]!] : Object.values(actionKinds);
  const refs: Ref[] = kinds.map((kind) => ({ kind, guid: action.Guid, fields }));
  for (const kind of kinds) {
    const through = rootOf[kind];
    const body = through ? lookup(kind, action.Guid) : undefined;
    const root = body && through?.(body);
    if (typeof root === 'string' && root)
      refs.push({
        kind: 'document',
        guid: root,
        fields,
        via: {
          kind,
          guid: action.Guid,
          name: action.Name ?? String(body.Name ?? body.ActionDocumentName ?? ''),
        },
      });
  }
  if (action.FlowConnectionGuid) refs.push({ kind: 'connection', guid: action.FlowConnectionGuid });
  return refs;
}

/**
 * Flows (spec part 2 §3 'Flow', 'Block'): a flow belongs to a REST API (Api); read and write blocks call
 * a document, method, composed or action document (Config.Action) on a connection and name its fields;
 * an external block names its connector's connection. Connectors and functions live in the Flow
 * Builder's own tables, not among builder items, so they are not followed.
 */
export const flowUsage: KindUsage = {
  uses: ['restApi', 'connection', 'document', 'method', 'composedDocument', 'actionDocument'],
  refs: (body: Body, lookup: Lookup): Ref[] => {
    const flow = body as Partial<RestMethodFlow>;
    const refs: Ref[] = flow.Api ? [{ kind: 'restApi', guid: flow.Api }] : [];
    for (const block of flow.Flow?.Blocks ?? []) {
      if (block.Type === 'read' || block.Type === 'write') refs.push(...actionRefs(block, lookup));
      if (block.Type === 'external' && block.Config?.FlowConnectionGuid)
        refs.push({ kind: 'connection', guid: block.Config.FlowConnectionGuid });
    }
    return refs;
  },
};
