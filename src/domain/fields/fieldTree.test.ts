import { describe, expect, it } from 'vitest';
import {
  addField,
  defaultShape,
  type FieldRecord,
  leafName,
  moveField,
  removeField,
  siblingNames,
  type TreeShape,
  treeRows,
  updateField,
} from './fieldTree';

const nested: FieldRecord[] = [
  { Name: 'id', Type: 'Number' },
  {
    Name: 'address',
    Type: 'Object',
    Elements: [
      { Name: 'address.street', Type: 'String' },
      { Name: 'address.geo', Type: 'Object', Elements: [{ Name: 'address.geo.lat', Type: 'Decimal' }] },
    ],
  },
  { Name: 'lines', Type: 'Array', Elements: [] },
];

const flatShape: TreeShape = { ...defaultShape, representation: 'flat' };
const flat: FieldRecord[] = [
  { Name: 'id', Type: 'Number', Parent: null },
  { Name: 'address', Type: 'Object', Parent: null },
  { Name: 'address.street', Type: 'String', Parent: 'address' },
  { Name: 'address.geo', Type: 'Object', Parent: 'address' },
  { Name: 'address.geo.lat', Type: 'Decimal', Parent: 'address.geo' },
  { Name: 'lines', Type: 'Array', Parent: null },
];

const names = (list: FieldRecord[], shape: TreeShape = defaultShape) =>
  treeRows(list, shape).map((row) => `${'  '.repeat(row.depth)}${row.leaf}`);

describe('field trees (spec part 1 §3 "Names of nested fields are dotted paths", part 2 §3 "Field definition")', () => {
  it.each([
    ['nested', nested, defaultShape],
    ['flat', flat, flatShape],
  ] as const)('%s: rows depth first with leaves below their parent', (_shape, list, shape) => {
    expect(names([...list], shape)).toEqual(['id', 'address', '  street', '  geo', '    lat', 'lines']);
    const geo = treeRows([...list], shape).find((row) => row.name === 'address.geo')!;
    expect([geo.depth, geo.parentName, geo.childCount, geo.position, geo.siblings]).toEqual([
      1,
      'address',
      1,
      1,
      2,
    ]);
  });

  it('leafName strips the parent path only', () => {
    expect(leafName('address.street', 'address')).toBe('street');
    expect(leafName('street', 'address')).toBe('street');
    expect(leafName('id', null)).toBe('id');
  });

  it('nested: adds a child at the end of its parent and shares untouched fields', () => {
    const next = addField(nested, defaultShape, [1, 1], { Name: 'address.geo.lng', Type: 'Decimal' });
    expect(names(next)).toEqual(['id', 'address', '  street', '  geo', '    lat', '    lng', 'lines']);
    expect(next[0]).toBe(nested[0]);
    expect(next[2]).toBe(nested[2]);
  });

  it('flat: adds a child after its parent’s last descendant, naming the parent', () => {
    const next = addField(flat, flatShape, [1], { Name: 'address.zip', Type: 'String' });
    expect(next.map((field) => field.Name)).toEqual([
      'id',
      'address',
      'address.street',
      'address.geo',
      'address.geo.lat',
      'address.zip',
      'lines',
    ]);
    expect(next[5]!.Parent).toBe('address');
  });

  it.each([
    ['nested', nested, defaultShape, [1]],
    ['flat', flat, flatShape, [1]],
  ] as const)(
    '%s: renaming a parent carries the paths of all descendants',
    (_shape, list, shape, address) => {
      const next = updateField([...list], shape, address, {
        Name: 'home',
        Type: 'Object',
        ...(shape === flatShape ? { Parent: null } : {}),
      });
      const rows = treeRows(next, shape);
      expect(rows.map((row) => row.name)).toEqual([
        'id',
        'home',
        'home.street',
        'home.geo',
        'home.geo.lat',
        'lines',
      ]);
      if (shape === flatShape)
        expect(next.map((field) => field.Parent)).toEqual([null, null, 'home', 'home', 'home.geo', null]);
    },
  );

  it('nested: an update keeps the stored children', () => {
    const next = updateField(nested, defaultShape, [1], {
      Name: 'address',
      Type: 'Object',
      Description: 'Postal',
    });
    expect((next[1]!.Elements as FieldRecord[]).length).toBe(2);
    expect(next[1]!.Description).toBe('Postal');
  });

  it.each([
    ['nested', nested, defaultShape, [1]],
    ['flat', flat, flatShape, [1]],
  ] as const)('%s: removes a field with its descendants', (_shape, list, shape, address) => {
    expect(names(removeField([...list], shape, address), shape)).toEqual(['id', 'lines']);
  });

  it.each([
    ['nested', nested, defaultShape, [1], [1, 0]],
    ['flat', flat, flatShape, [1], [2]],
  ] as const)(
    '%s: moves a field among its siblings with its subtree, not past the ends',
    (_shape, list, shape, top, child) => {
      expect(names(moveField([...list], shape, top, -1), shape)).toEqual([
        'address',
        '  street',
        '  geo',
        '    lat',
        'id',
        'lines',
      ]);
      expect(names(moveField([...list], shape, top, 1), shape)).toEqual([
        'id',
        'lines',
        'address',
        '  street',
        '  geo',
        '    lat',
      ]);
      expect(names(moveField([...list], shape, child, 1), shape)).toEqual([
        'id',
        'address',
        '  geo',
        '    lat',
        '  street',
        'lines',
      ]);
      expect(names(moveField([...list], shape, child, -1), shape)).toEqual(names([...list], shape));
    },
  );

  it('lists the sibling names within the parent, itself excluded (part 1 §5: unique within their parent)', () => {
    expect(siblingNames(nested, defaultShape, [1, 0], [1])).toEqual(['address.geo']);
    expect(siblingNames(nested, defaultShape, null, null)).toEqual(['id', 'address', 'lines']);
    expect(siblingNames(flat, flatShape, null, [1])).toEqual(['address.street', 'address.geo']);
  });
});
