import type { Document } from '../documents/types';
import type { ComposedChild, ComposedDocument } from './types';

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** Whether a child is a placeholder without a document (an empty or all-zero guid). */
const isPlaceholder = (child: ComposedChild) => !child.Guid || child.Guid === EMPTY_GUID;

function stripChildren(children: readonly ComposedChild[] | undefined): ComposedChild[] | undefined {
  if (!children) return children;
  return children
    .filter((child) => !isPlaceholder(child))
    .map((child) => (child.Childs ? { ...child, Childs: stripChildren(child.Childs) ?? [] } : child));
}

/** A composed document without empty-guid child placeholders, at any depth (spec part 2 §3: stripped on load). */
export function stripPlaceholders(document: ComposedDocument): ComposedDocument {
  if (!document.Document?.Childs) return document;
  return {
    ...document,
    Document: { ...document.Document, Childs: stripChildren(document.Document.Childs) ?? [] },
  };
}

/** Published documents that reference `parent` (its candidate children, spec part 2 §5 'Composed document'). */
export function referencingDocuments(documents: readonly Document[], parentGuid: string | null | undefined) {
  if (!parentGuid) return [];
  return documents.filter((document) =>
    (document.References ?? []).some((reference) => reference.Guid === parentGuid),
  );
}

/**
 * The join of a child to its parent as the child declares it: its foreign key (ChildField) and the
 * parent's key (KeyField), from the child's reference to the parent.
 */
export function joinOf(child: Document, parentGuid: string): Pick<ComposedChild, 'ChildField' | 'KeyField'> {
  const reference = (child.References ?? []).find((entry) => entry.Guid === parentGuid);
  return { ChildField: reference?.Child ?? null, KeyField: reference?.Key ?? null };
}

/** Replaces the node at `path` (indexes of Childs from the root) with `update(node)`. */
export function updateChildAt(
  children: readonly ComposedChild[],
  path: readonly number[],
  update: (child: ComposedChild) => ComposedChild | null,
): ComposedChild[] {
  const [head, ...rest] = path;
  if (head === undefined) return [...children];
  const out: ComposedChild[] = [];
  children.forEach((child, index) => {
    if (index !== head) out.push(child);
    else if (rest.length === 0) {
      const next = update(child);
      if (next) out.push(next);
    } else out.push({ ...child, Childs: updateChildAt(child.Childs ?? [], rest, update) });
  });
  return out;
}
