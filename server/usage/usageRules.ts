import { actionDocumentUsage } from './kinds/actionDocument';
import { composedDocumentUsage } from './kinds/composedDocument';
import { documentUsage } from './kinds/document';
import { flowUsage } from './kinds/flow';
import { metadataUsage } from './kinds/metadata';
import { methodUsage } from './kinds/method';
import type { KindUsage, UsageKind } from './types';

/**
 * How each kind takes part in 'where used' and the impact check (issue 10 point 1), one entry per kind.
 * A new builder adds its entry here: what its items refer to (`refs`) and, if others use its fields,
 * which fields it has (`fields`). Belonging to a connection (the item's scope) needs no entry: every
 * scoped item uses its connection.
 */
export const usageRules: Record<UsageKind, KindUsage> = {
  connection: { uses: [] },
  metadata: metadataUsage,
  method: methodUsage,
  restApi: { uses: [] },
  script: { uses: [] },
  document: documentUsage,
  composedDocument: composedDocumentUsage,
  actionDocument: actionDocumentUsage,
  flow: flowUsage,
};
