import type { Document, DocumentField } from './types';

/** The key field of a document: the one marked is_key, else the one its Key names. */
export function keyFieldOf(document: Pick<Document, 'Elements' | 'Key'>): DocumentField | undefined {
  return (
    document.Elements.find((field) => field.IsKey === true) ??
    (document.Key ? fieldNamed(document, document.Key) : undefined)
  );
}

/** A field by name, ignoring case (field names are unique case-insensitively, spec part 2 §5 'Names'). */
export function fieldNamed(
  document: Pick<Document, 'Elements'>,
  name: string | null | undefined,
): DocumentField | undefined {
  if (!name) return undefined;
  const wanted = name.toLowerCase();
  return document.Elements.find((field) => field.Name.toLowerCase() === wanted);
}
