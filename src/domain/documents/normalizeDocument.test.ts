import { describe, expect, it } from 'vitest';
import { moveField } from '../../builders/documentbuilder/moveField';
import { normalizeDocument } from './normalizeDocument';
import type { Document, DocumentField } from './types';

const own = (Name: string, overrides: Partial<DocumentField> = {}): DocumentField => ({
  Name,
  Type: 'Number',
  IsUpdatable: true,
  ...overrides,
});
const doc = (overrides: Partial<Document>): Document => ({
  Guid: '00000000-0000-4000-8000-000000000001',
  Name: 'Order',
  Type: 'Action',
  FlowConnectionGuid: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
  Elements: [],
  ...overrides,
});

describe('normalizeDocument: standard fields of action documents (spec part 2 §3 "Document")', () => {
  it('gives an action document Id and Guid prefixed with its name, and the four audit fields, first', () => {
    const out = normalizeDocument(doc({ Elements: [own('Amount')] }));
    expect(out.Elements.map((field) => field.Name)).toEqual([
      'OrderId',
      'OrderGuid',
      'CreatedByUserGuid',
      'CreatedDateTime',
      'LastModifiedByUserGuid',
      'LastModifiedDateTime',
      'Amount',
    ]);
    // Id: long number, key, identity, not updatable (part 2 §3).
    expect(out.Elements[0]).toMatchObject({
      Type: 'Longnumber',
      IsKey: true,
      IsId: true,
      IsUpdatable: false,
      IsStandard: true,
    });
    expect(out.Elements[1]).toMatchObject({ Type: 'Guid', Default: { Type: 'NewGuid', Insert: true } });
    expect(out.Elements.map((field) => field.Order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(out.Key).toBe('OrderId');
  });

  it('renames the prefixed standard fields with the document', () => {
    const first = normalizeDocument(doc({ Elements: [own('Amount')] }));
    const renamed = normalizeDocument({ ...first, Name: 'Invoice' });
    expect(renamed.Elements.slice(0, 2).map((field) => field.Name)).toEqual(['InvoiceId', 'InvoiceGuid']);
    expect(renamed.Key).toBe('InvoiceId');
  });

  it('drops the standard fields when the document becomes a list document (they are for action documents)', () => {
    const action = normalizeDocument(doc({ Elements: [own('Amount', { IsKey: true })] }));
    const list = normalizeDocument({ ...action, Type: 'List' });
    expect(list.Elements.map((field) => field.Name)).toEqual(['Amount']);
    expect(list.Key).toBe('Amount');
  });

  it('rebuilds a standard field someone changed', () => {
    const action = normalizeDocument(doc({}));
    const tampered = {
      ...action,
      Elements: action.Elements.map((field, index) =>
        index === 0 ? { ...field, IsUpdatable: true } : field,
      ),
    };
    expect(normalizeDocument(tampered).Elements[0]?.IsUpdatable).toBe(false);
  });

  it('is idempotent and returns the same object when nothing changes, also with reordered keys (jsonb)', () => {
    const once = normalizeDocument(doc({ Elements: [own('Amount')] }));
    expect(normalizeDocument(once)).toBe(once);
    const roundTripped = JSON.parse(
      JSON.stringify(once, (_key, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    ) as Document;
    const again = normalizeDocument(roundTripped);
    expect(again).toBe(roundTripped);
  });
});

describe('moveField: drag to reorder (spec part 2 §2 "Document Builder", §8 "Can not drop row in this location")', () => {
  const fields = [own('A', { Order: 0 }), own('B', { Order: 1 }), own('C', { Order: 2 })];
  it.each<[string, number, number, boolean, string[] | null]>([
    ['moves a row down and renumbers Order', 0, 2, false, ['B', 'C', 'A']],
    ['moves a row up', 2, 0, false, ['C', 'A', 'B']],
    ['refuses while sorted by name: the rows shown are not the order', 0, 2, true, null],
    ['refuses a position outside the table', 0, 3, false, null],
  ])('%s', (_case, from, to, sortedByName, expected) => {
    const moved = moveField(fields, from, to, { sortedByName });
    expect(moved?.map((field) => field.Name) ?? null).toEqual(expected);
    if (moved) expect(moved.map((field) => field.Order)).toEqual([0, 1, 2]);
  });

  it('keeps an action document’s standard fields first', () => {
    const action = normalizeDocument(doc({ Elements: [own('Amount'), own('Total')] })).Elements;
    expect(moveField(action, 7, 0, { sortedByName: false })).toBeNull();
    expect(moveField(action, 0, 7, { sortedByName: false })).toBeNull();
    expect(
      moveField(action, 7, 6, { sortedByName: false })
        ?.slice(6)
        .map((field) => field.Name),
    ).toEqual(['Total', 'Amount']);
  });
});
