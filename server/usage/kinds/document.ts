import type { Document } from '../../../src/domain/documents/types';
import type { Body, KindUsage, Ref } from '../types';

/**
 * Documents (spec part 2 §3 'Document', §5 'Document'): a reference names another document by guid and
 * its key field (Key; Child is this document's own field); a field's reference validation names a
 * document, the field it maps to and the fields it returns; a field of a document type names a metadata
 * document by name. Composed and action documents, flows and other documents use a document's fields.
 */
export const documentUsage: KindUsage = {
  uses: ['document', 'metadata'],
  refs: (body: Body): Ref[] => {
    const document = body as Partial<Document>;
    const refs: Ref[] = [];
    for (const reference of document.References ?? [])
      if (reference.Guid)
        refs.push({
          kind: 'document',
          guid: reference.Guid,
          fields: reference.Key ? [{ field: reference.Key, side: 'any' }] : [],
        });
    for (const field of document.Elements ?? []) {
      const reference = field.Validation?.Document?.Reference;
      if (reference?.DocumentGuid)
        refs.push({
          kind: 'document',
          guid: reference.DocumentGuid,
          fields: [reference.MappingField, ...(reference.ReturnFields ?? []).map((entry) => entry.FieldName)]
            .filter((name): name is string => typeof name === 'string' && name !== '')
            .map((name) => ({ field: name, side: 'any' })),
        });
      if (typeof field.Document === 'string' && field.Document.trim() !== '')
        refs.push({ kind: 'metadata', name: field.Document.trim() });
    }
    return refs;
  },
  fields: (body: Body) => (body as Partial<Document>).Elements ?? [],
};
