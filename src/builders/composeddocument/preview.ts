import type { ComposedChild, ComposedDocument } from '../../domain/composedDocuments/types';
import type { Document } from '../../domain/documents/types';
import { PREVIEW_INDENT, sampleValue } from '../documentbuilder/sampleValue';

type Sample = Record<string, unknown>;

function sampleOf(
  guid: string | null | undefined,
  children: readonly ComposedChild[],
  documents: readonly Document[],
): Sample {
  const document = documents.find((entry) => entry.Guid === guid);
  const sample: Sample = {};
  for (const field of document?.Elements ?? []) sample[field.Name] = sampleValue(field.Type);
  for (const child of children) {
    if (!child.ChildName) continue;
    sample[child.ChildName] = [sampleOf(child.Guid, child.Childs ?? [], documents)];
  }
  return sample;
}

/**
 * What a composed document gives, as JSON indented 4 spaces (spec part 2 §2 drawer 13): the root
 * document's fields, and each child's rows as a list under its child name.
 */
export function composedPreview(composed: ComposedDocument, documents: readonly Document[]): string {
  const root = composed.Document;
  if (!root?.Guid) return '{}';
  return JSON.stringify(sampleOf(root.Guid, root.Childs ?? [], documents), null, PREVIEW_INDENT);
}
