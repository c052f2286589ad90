import { plainKinds } from '../../generated/plainKinds';
import { actionDocumentUsage } from './kinds/actionDocument';
import { composedDocumentUsage } from './kinds/composedDocument';
import { documentUsage } from './kinds/document';
import { flowUsage } from './kinds/flow';
import { metadataUsage } from './kinds/metadata';
import { methodUsage } from './kinds/method';
import type { KindUsage, Ref, UsageKind } from './types';

/**
 * A plain kind's rule, from the `refs` of its x-item (src/domain/plainItems.ts): each named property
 * holds the guid of an item of the kind it names.
 */
function plainUsage(refs: Readonly<Record<string, string>>): KindUsage {
  const fields = Object.entries(refs) as Array<[string, UsageKind]>;
  return {
    uses: [...new Set(fields.map(([, kind]) => kind))],
    refs: (body) =>
      fields.flatMap(([field, kind]): Ref[] =>
        typeof body[field] === 'string' && body[field] !== '' ? [{ kind, guid: body[field] }] : [],
      ),
  };
}

const plainRules = Object.fromEntries(
  Object.values(plainKinds).map((kind) => [kind.kind, plainUsage(kind.refs)]),
) as Record<keyof typeof plainKinds, KindUsage>;

/**
 * How each kind takes part in 'where used' and the impact check (issue 10 point 1), one entry per kind.
 * A new builder adds its entry here: what its items refer to (`refs`) and, if others use its fields,
 * which fields it has (`fields`); a plain kind's comes from its x-item. Belonging to a connection (the
 * item's scope) needs no entry: every scoped item uses its connection.
 */
export const usageRules: Record<UsageKind, KindUsage> = {
  connection: { uses: [] },
  metadata: metadataUsage,
  method: methodUsage,
  restApi: { uses: [] },
  ...plainRules,
  document: documentUsage,
  composedDocument: composedDocumentUsage,
  actionDocument: actionDocumentUsage,
  flow: flowUsage,
};
