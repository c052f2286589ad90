import { areaActions } from '../../permissions/areas';

type Can = (area: string, action: string) => boolean;
export type DocumentArea = 'DocumentBuilder' | 'ComposedDocument' | 'ActionDocument';

const hasAction = (area: DocumentArea, action: string) =>
  (areaActions(area) as readonly string[]).includes(action);

/**
 * Who may edit an item (spec part 2 §4 'Edit rules for documents', §6): a draft with Upsert; a published
 * one needs Upsert admin too, where the area has that permission (action documents do not).
 */
export function canEditItem(can: Can, area: DocumentArea, published: boolean): boolean {
  if (!can(area, 'Upsert')) return false;
  return !published || !hasAction(area, 'UpsertAdmin') || can(area, 'UpsertAdmin');
}

/** Who may delete an item: a draft with Delete, a published one with Delete published too (part 2 §4). */
export function canDeleteItem(can: Can, area: DocumentArea, published: boolean): boolean {
  return can(area, 'Delete') && (!published || can(area, 'DeletePublished'));
}
