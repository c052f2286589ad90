import { queryAudit } from '../audit/auditLog';
import { assertReadable } from '../audit/readableKinds';
import type { Handlers } from '../http/context';

/** The audit trail (issue 10 point 7): the admin-wide view and one item's history. */
const handlers: Handlers = {
  'Audit.GetAuditEntries': async ({ db, query }) =>
    (await queryAudit(db, {
      user: query.User,
      kinds: query.Kind ? [query.Kind] : undefined,
      action: query.Action,
      from: query.From,
      to: query.To,
      limit: 500,
    })) as never,
  'Audit.GetItemHistory': async ({ db, query, principal }) => {
    assertReadable(principal, query.Kind);
    return (await queryAudit(db, { kinds: [query.Kind], guid: query.Guid, limit: 200 })) as never;
  },
};

export default handlers;
