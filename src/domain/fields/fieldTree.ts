/**
 * A field list as a tree (spec part 1 §3 'Names of nested fields are dotted paths', part 2 §3 'Field
 * definition': name is the parent path plus the child name). Pure operations over the two shapes the
 * builders store: `nested` (children in the parent's Elements, as metadata documents and flow fields keep
 * them) and `flat` (one list, each child naming its parent in Parent, as documents keep them). Every
 * operation answers a new list and shares what it did not touch.
 */

export type FieldRecord = Record<string, unknown>;

export interface TreeShape {
  representation: 'nested' | 'flat';
  nameField: string;
  typeField: string;
  /** nested: the property holding the children. */
  childrenField: string;
  /** flat: the property holding the parent's name. */
  parentField: string;
}

export const defaultShape: TreeShape = {
  representation: 'nested',
  nameField: 'Name',
  typeField: 'Type',
  childrenField: 'Elements',
  parentField: 'Parent',
};

/** Where a field sits: nested, the index at each level; flat, its index in the one list. */
export type Address = readonly number[];

export interface FieldRow {
  key: string;
  address: Address;
  field: FieldRecord;
  depth: number;
  name: string;
  /** The name without the parent's path. */
  leaf: string;
  parentName: string | null;
  childCount: number;
  /** Position among its siblings and their count, for move up and down. */
  position: number;
  siblings: number;
}

const nameOf = (shape: TreeShape, field: FieldRecord) => {
  const value = field[shape.nameField];
  return typeof value === 'string' ? value : '';
};

/** The leaf of a dotted name below its parent ('address.street' under 'address' → 'street'). */
export function leafName(name: string, parentName: string | null): string {
  if (parentName && name.startsWith(`${parentName}.`)) return name.slice(parentName.length + 1);
  return name;
}

/** A child's full name: the parent's path, a dot, the leaf. */
export const childName = (parentName: string | null, leaf: string) =>
  parentName ? `${parentName}.${leaf}` : leaf;

const childrenOf = (shape: TreeShape, field: FieldRecord): FieldRecord[] => {
  const value = field[shape.childrenField];
  return Array.isArray(value) ? (value as FieldRecord[]) : [];
};

const parentOf = (shape: TreeShape, field: FieldRecord): string | null => {
  const value = field[shape.parentField];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Flat lists: the indexes of each parent's children, in list order (roots under ''). */
function flatIndex(list: readonly FieldRecord[], shape: TreeShape) {
  const names = new Set(list.map((field) => nameOf(shape, field)));
  const children = new Map<string, number[]>();
  list.forEach((field, index) => {
    const parent = parentOf(shape, field);
    // A child whose parent is missing shows at the top rather than vanishing.
    const key = parent !== null && names.has(parent) ? parent : '';
    const entry = children.get(key) ?? [];
    entry.push(index);
    children.set(key, entry);
  });
  return children;
}

/** The rows of the list, depth first, as the table shows them. */
export function treeRows(list: readonly FieldRecord[], shape: TreeShape = defaultShape): FieldRow[] {
  const rows: FieldRow[] = [];
  if (shape.representation === 'nested') {
    const walk = (
      fields: readonly FieldRecord[],
      parent: FieldRecord | null,
      address: number[],
      depth: number,
    ) => {
      const parentName = parent ? nameOf(shape, parent) : null;
      fields.forEach((field, position) => {
        const here = [...address, position];
        const name = nameOf(shape, field);
        const children = childrenOf(shape, field);
        rows.push({
          key: here.join('.'),
          address: here,
          field,
          depth,
          name,
          leaf: leafName(name, parentName),
          parentName,
          childCount: children.length,
          position,
          siblings: fields.length,
        });
        walk(children, field, here, depth + 1);
      });
    };
    walk(list, null, [], 0);
    return rows;
  }
  const children = flatIndex(list, shape);
  const seen = new Set<number>();
  const walk = (parentName: string | null, depth: number) => {
    const indexes = children.get(parentName ?? '') ?? [];
    indexes.forEach((index, position) => {
      if (seen.has(index)) return;
      seen.add(index);
      const field = list[index]!;
      const name = nameOf(shape, field);
      rows.push({
        key: String(index),
        address: [index],
        field,
        depth,
        name,
        leaf: leafName(name, parentName),
        parentName,
        childCount: name === '' ? 0 : (children.get(name)?.length ?? 0),
        position,
        siblings: indexes.length,
      });
      // A field named like its own ancestor would loop; the seen set stops it.
      if (name !== '') walk(name, depth + 1);
    });
  };
  walk(null, 0);
  return rows;
}

/** The field at an address. */
export function fieldAt(
  list: readonly FieldRecord[],
  shape: TreeShape,
  address: Address,
): FieldRecord | undefined {
  if (shape.representation === 'flat') return list[address[0]!];
  let fields = list;
  let field: FieldRecord | undefined;
  for (const index of address) {
    field = fields[index];
    if (!field) return undefined;
    fields = childrenOf(shape, field);
  }
  return field;
}

/** Replaces the sibling list that holds `address` (nested), copying only the path down to it. */
function withSiblings(
  list: readonly FieldRecord[],
  shape: TreeShape,
  parentAddress: Address,
  change: (siblings: FieldRecord[]) => FieldRecord[],
): FieldRecord[] {
  if (parentAddress.length === 0) return change([...list]);
  const [head, ...rest] = parentAddress;
  return list.map((field, index) =>
    index === head
      ? { ...field, [shape.childrenField]: withSiblings(childrenOf(shape, field), shape, rest, change) }
      : field,
  );
}

/** Renames a subtree: every descendant's path follows its parent's new name (old → name). */
function renameNested(shape: TreeShape, field: FieldRecord, old: string, name: string): FieldRecord {
  const next: FieldRecord = { ...field, [shape.nameField]: name };
  if (old === name) return next;
  const children = childrenOf(shape, field);
  if (children.length > 0) {
    next[shape.childrenField] = children.map((child) => {
      const childOld = nameOf(shape, child);
      return renameNested(shape, child, childOld, childName(name, leafName(childOld, old)));
    });
  }
  return next;
}

/** Flat: the indexes of a field's descendants. */
function flatDescendants(list: readonly FieldRecord[], shape: TreeShape, index: number): number[] {
  const out: number[] = [];
  const children = flatIndex(list, shape);
  const visit = (name: string) => {
    for (const child of children.get(name) ?? []) {
      if (out.includes(child) || child === index) continue;
      out.push(child);
      const childName = nameOf(shape, list[child]!);
      if (childName !== '') visit(childName);
    }
  };
  const name = nameOf(shape, list[index]!);
  if (name !== '') visit(name);
  return out;
}

/** Adds a field as the last child of `parent` (null: at the top). */
export function addField(
  list: readonly FieldRecord[],
  shape: TreeShape,
  parent: Address | null,
  field: FieldRecord,
): FieldRecord[] {
  if (shape.representation === 'nested') {
    if (!parent) return [...list, field];
    return withSiblings(list, shape, parent.slice(0, -1), (siblings) =>
      siblings.map((entry, index) =>
        index === parent.at(-1)
          ? { ...entry, [shape.childrenField]: [...childrenOf(shape, entry), field] }
          : entry,
      ),
    );
  }
  if (!parent) return [...list, { ...field, [shape.parentField]: null }];
  const [index] = parent;
  const parentField = list[index!]!;
  const descendants = flatDescendants(list, shape, index!);
  const after = Math.max(index!, ...descendants);
  const next = [...list];
  next.splice(after + 1, 0, { ...field, [shape.parentField]: nameOf(shape, parentField) });
  return next;
}

/** Replaces a field; a new name carries its descendants' paths along. */
export function updateField(
  list: readonly FieldRecord[],
  shape: TreeShape,
  address: Address,
  field: FieldRecord,
): FieldRecord[] {
  if (shape.representation === 'nested') {
    return withSiblings(list, shape, address.slice(0, -1), (siblings) =>
      siblings.map((entry, index) => {
        if (index !== address.at(-1)) return entry;
        // The children stay the stored ones unless the new value brings its own.
        const merged = {
          ...field,
          [shape.childrenField]: field[shape.childrenField] ?? entry[shape.childrenField],
        };
        if (merged[shape.childrenField] === undefined) delete merged[shape.childrenField];
        return renameNested(shape, merged, nameOf(shape, entry), nameOf(shape, field));
      }),
    );
  }
  const [index] = address;
  const old = list[index!]!;
  const oldName = nameOf(shape, old);
  const newName = nameOf(shape, field);
  const next = [...list];
  next[index!] = { ...field, [shape.parentField]: old[shape.parentField] ?? null };
  if (oldName !== newName && oldName !== '') {
    for (const descendant of flatDescendants(list, shape, index!)) {
      const entry = list[descendant]!;
      const name = nameOf(shape, entry);
      const parent = parentOf(shape, entry);
      next[descendant] = {
        ...entry,
        [shape.nameField]: name.startsWith(`${oldName}.`) ? `${newName}${name.slice(oldName.length)}` : name,
        [shape.parentField]:
          parent === oldName
            ? newName
            : parent?.startsWith(`${oldName}.`)
              ? `${newName}${parent.slice(oldName.length)}`
              : parent,
      };
    }
  }
  return next;
}

/** Removes a field with all its descendants. */
export function removeField(list: readonly FieldRecord[], shape: TreeShape, address: Address): FieldRecord[] {
  if (shape.representation === 'nested') {
    return withSiblings(list, shape, address.slice(0, -1), (siblings) =>
      siblings.filter((_entry, index) => index !== address.at(-1)),
    );
  }
  const [index] = address;
  const gone = new Set([index!, ...flatDescendants(list, shape, index!)]);
  return list.filter((_entry, position) => !gone.has(position));
}

/** Moves a field one place up (-1) or down (+1) among its siblings, with its descendants. */
export function moveField(
  list: readonly FieldRecord[],
  shape: TreeShape,
  address: Address,
  delta: -1 | 1,
): FieldRecord[] {
  if (shape.representation === 'nested') {
    const position = address.at(-1)!;
    return withSiblings(list, shape, address.slice(0, -1), (siblings) => {
      const target = position + delta;
      if (target < 0 || target >= siblings.length) return siblings;
      const next = [...siblings];
      [next[position], next[target]] = [next[target]!, next[position]!];
      return next;
    });
  }
  const rows = treeRows(list, shape);
  const row = rows.find((entry) => entry.address[0] === address[0]);
  if (!row) return [...list];
  const sibling = rows.find(
    (entry) => entry.parentName === row.parentName && entry.position === row.position + delta,
  );
  if (!sibling) return [...list];
  const block = (start: number) => [start, ...flatDescendants(list, shape, start)].sort((a, b) => a - b);
  const [first, second] = delta < 0 ? [sibling, row] : [row, sibling];
  const firstBlock = block(first.address[0]!);
  const secondBlock = block(second.address[0]!);
  const moved = new Set([...firstBlock, ...secondBlock]);
  const start = Math.min(...moved);
  const reordered = [...secondBlock, ...firstBlock].map((index) => list[index]!);
  const rest = list.filter((_entry, index) => !moved.has(index));
  return [...rest.slice(0, start), ...reordered, ...rest.slice(start)];
}

/** The names of a field's siblings, itself excluded (for uniqueness within the parent). */
export function siblingNames(
  list: readonly FieldRecord[],
  shape: TreeShape,
  address: Address | null,
  parent: Address | null,
): string[] {
  const rows = treeRows(list, shape);
  const parentRow = parent ? rows.find((row) => row.key === parent.join('.')) : null;
  const parentName = parentRow ? parentRow.name : null;
  const selfKey = address ? address.join('.') : null;
  return rows.filter((row) => row.parentName === parentName && row.key !== selfKey).map((row) => row.name);
}
