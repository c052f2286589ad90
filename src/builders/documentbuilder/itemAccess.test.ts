import { describe, expect, it } from 'vitest';
import { canDeleteItem, canEditItem, type DocumentArea } from './itemAccess';

const as = (granted: string[]) => (_area: string, action: string) => granted.includes(action);

describe('edit and delete rules of documents (spec part 2 §4 "Edit rules for documents", §6)', () => {
  it.each<[string, DocumentArea, string[], boolean, boolean]>([
    ['part 2 §4: a draft is editable with Upsert', 'DocumentBuilder', ['Upsert'], false, true],
    [
      'part 2 §4: editing a published one needs a separate permission',
      'DocumentBuilder',
      ['Upsert'],
      true,
      false,
    ],
    [
      'part 2 §6: Upsert admin edits published documents',
      'DocumentBuilder',
      ['Upsert', 'UpsertAdmin'],
      true,
      true,
    ],
    ['part 2 §6: Upsert admin alone does not edit', 'DocumentBuilder', ['UpsertAdmin'], false, false],
    ['part 2 §6: composed documents have Upsert admin too', 'ComposedDocument', ['Upsert'], true, false],
    [
      'part 2 §6: action documents have no Upsert admin, so Upsert edits',
      'ActionDocument',
      ['Upsert'],
      true,
      true,
    ],
  ])('%s', (_rule, area, granted, published, expected) => {
    expect(canEditItem(as(granted), area, published)).toBe(expected);
  });

  it.each<[string, string[], boolean, boolean]>([
    ['part 2 §4: deleting a draft needs Delete', ['Delete'], false, true],
    ['part 2 §4: a published one needs Delete published', ['Delete'], true, false],
    [
      'part 2 §4: Delete and Delete published delete a published one',
      ['Delete', 'DeletePublished'],
      true,
      true,
    ],
    ['part 2 §6: no Delete, no delete', ['Upsert'], false, false],
  ])('%s', (_rule, granted, published, expected) => {
    expect(canDeleteItem(as(granted), 'DocumentBuilder', published)).toBe(expected);
  });
});
