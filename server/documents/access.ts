import type { MessageKey } from '../../src/messages/en';
import { can } from '../../src/permissions/entitlements';
import type { Principal } from '../auth/principal';
import { HttpError } from '../http/errors';

/**
 * Edit and delete rules of published items (spec part 2 §4 'Edit rules for documents', §6): a draft is
 * editable with Upsert, a published one needs Upsert admin where the area has it; deleting a published
 * one needs Delete published. The contract's x-permission already checked Upsert or Delete.
 */
export function assertMayChange(
  principal: Principal | null,
  area: 'DocumentBuilder' | 'ComposedDocument' | 'ActionDocument',
  existing: { IsPublished?: unknown } | undefined,
  change: { action: 'edit'; denied: MessageKey } | { action: 'delete'; denied: MessageKey },
) {
  if (existing?.IsPublished !== true) return;
  if (change.action === 'edit') {
    // Action documents have no Upsert admin (spec part 2 §6), so Upsert edits their published versions.
    if (area !== 'ActionDocument' && !can(principal, area, 'UpsertAdmin'))
      throw new HttpError(403, change.denied);
    return;
  }
  if (!can(principal, area, 'DeletePublished')) throw new HttpError(403, change.denied);
}
