import { type ItemKindName, itemKindNames, itemKinds } from '../../src/domain/itemKinds';
import { can, type Principal } from '../../src/permissions/entitlements';
import { notFound } from '../http/errors';

/** The item kinds whose builder the caller may read (spec part 1 §6, part 2 §6). */
export const readableKinds = (principal: Principal | null): ItemKindName[] =>
  itemKindNames.filter((kind) => can(principal, itemKinds[kind].area, 'Read'));

/**
 * Refuses a kind the caller may not read as if the item did not exist: 404, so a call open to every
 * signed-in user does not tell others which items exist.
 */
export function assertReadable(principal: Principal | null, kind: ItemKindName): void {
  if (!can(principal, itemKinds[kind].area, 'Read')) throw notFound();
}
