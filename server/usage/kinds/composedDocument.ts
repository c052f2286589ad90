import type { ComposedChild, ComposedDocument } from '../../../src/domain/composedDocuments/types';
import type { Body, FieldUse, KindUsage, Lookup, Ref } from '../types';

const use = (name: string | null | undefined): FieldUse[] => (name ? [{ field: name, side: 'any' }] : []);

/** A document of the tree: its own ChildField and its children's KeyField are its fields (spec part 2 §3). */
function documentRef(guid: string, own: FieldUse[], children: readonly ComposedChild[]): Ref {
  return { kind: 'document', guid, fields: [...own, ...children.flatMap((child) => use(child.KeyField))] };
}

function childRefs(children: readonly ComposedChild[]): Ref[] {
  return children.flatMap((child) => [
    ...(child.Guid ? [documentRef(child.Guid, use(child.ChildField), child.Childs ?? [])] : []),
    ...childRefs(child.Childs ?? []),
  ]);
}

/** The fields a composed or action document answers as a flow action: its root document's (server/flows/flowActions.ts). */
export const rootDocumentFields = (root: string | null | undefined, lookup: Lookup) => {
  if (!root) return undefined;
  return (lookup('document', root)?.Elements as Array<{ Name: string; Type?: string }> | undefined) ?? [];
};

/**
 * Composed documents (spec part 2 §3 'Composed document'): a root document and children, each a document
 * by guid, joined by KeyField (of the parent) and ChildField (of the child). Its Method is how a document
 * is read or written (part 2 §3 'Action methods'), not a Method Builder method, so it refers to none.
 */
export const composedDocumentUsage: KindUsage = {
  uses: ['document'],
  fieldsFrom: ['document'],
  refs: (body: Body): Ref[] => {
    const root = (body as Partial<ComposedDocument>).Document;
    if (!root) return [];
    const children = root.Childs ?? [];
    return [...(root.Guid ? [documentRef(root.Guid, [], children)] : []), ...childRefs(children)];
  },
  fields: (body: Body, _side, lookup) =>
    rootDocumentFields((body as Partial<ComposedDocument>).Document?.Guid, lookup),
};
