import { diffItems } from '../../src/domain/diff/diffItems';
import type { Db } from '../db/database';
import { type AuditRecord, recordAudit } from './auditLog';

/**
 * An account (user or API user) as the audit trail sees it. `fields` are what a save's diff shows and
 * must never hold a credential; `secret` (an API user's token) is only compared, never recorded.
 */
export interface AccountState {
  fields: Record<string, unknown>;
  active: boolean;
  roles: readonly number[];
  secret?: string | null | undefined;
}

export type AccountEntry = Omit<AuditRecord, 'actor' | 'now'>;

const sorted = (roles: readonly number[]) => [...new Set(roles)].sort((a, b) => a - b);

/**
 * The audit entries of saving an account (issue 10 point 7), in the order they happened: a new account
 * is created (its fields and active flag), then given its roles; a saved one records its field changes
 * as saved (also when nothing changed and nothing else is recorded, as a builder item's save is), a flip
 * of its active flag as activated or deactivated, a change of roles as rolesChanged, and a new token as
 * tokenRenewed, without the token.
 * @example accountEntries(user, { fields: { Email: 'a@x' }, active: true, roles: [] }, { ...same, active: false }) // [deactivated]
 */
export function accountEntries(
  account: { kind: 'user' | 'apiUser'; guid: string; name: string },
  before: AccountState | null,
  after: AccountState,
): AccountEntry[] {
  const entry = (action: AccountEntry['action'], changes: AccountEntry['changes']): AccountEntry => ({
    ...account,
    action,
    changes,
  });
  const roles = { before: sorted(before?.roles ?? []), after: sorted(after.roles) };
  const rolesChanged =
    roles.before.join() !== roles.after.join()
      ? [entry('rolesChanged', [{ path: 'Roles', change: 'changed', ...roles }])]
      : [];
  if (!before)
    return [entry('created', diffItems(null, { ...after.fields, IsActive: after.active })), ...rolesChanged];
  const changes = diffItems(before.fields, after.fields);
  const flipped = before.active !== after.active;
  const renewed = before.secret !== undefined && before.secret !== after.secret;
  const quiet = !flipped && rolesChanged.length === 0 && !renewed;
  return [
    ...(changes.length > 0 || quiet ? [entry('saved', changes)] : []),
    ...(flipped
      ? [
          entry(after.active ? 'activated' : 'deactivated', [
            { path: 'IsActive', change: 'changed', before: before.active, after: after.active },
          ]),
        ]
      : []),
    ...rolesChanged,
    ...(renewed ? [entry('tokenRenewed', [])] : []),
  ];
}

/** The entry of deleting an account: what it was, without credentials. */
export const accountDeleted = (
  account: { kind: 'user' | 'apiUser'; guid: string; name: string },
  before: AccountState,
): AccountEntry => ({
  ...account,
  action: 'deleted',
  changes: diffItems(
    {
      ...before.fields,
      IsActive: before.active,
      ...(before.roles.length > 0 ? { Roles: sorted(before.roles) } : {}),
    },
    null,
  ),
});

/** Appends the entries in the write's transaction, in order. */
export async function recordEntries(tx: Db, entries: readonly AccountEntry[]): Promise<void> {
  for (const entry of entries) await recordAudit(tx, entry);
}
