import type { ComposedDocument } from '../../domain/composedDocuments/types';
import type { Document } from '../../domain/documents/types';

/** What the composed document's tree field needs beyond its value (RJSF formContext). */
export interface ComposedFormContext {
  composed: ComposedDocument;
  /** Published documents of the connection. */
  documents: readonly Document[];
  readOnly: boolean;
}

/** The context as the tree receives it, checked, so a form without it fails loudly. */
export function composedFormContext(value: unknown): ComposedFormContext {
  const context = value as Partial<ComposedFormContext> | undefined;
  if (!context?.composed || !context.documents)
    throw new Error(
      'composedFormContext: the composed document form needs formContext { composed, documents, readOnly }',
    );
  return context as ComposedFormContext;
}
