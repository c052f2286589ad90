import type { DefaultValueType, Document } from '../../domain/documents/types';

/** What the document form's own fields need beyond their value (RJSF formContext). */
export interface DocumentFormContext {
  /** The whole draft: its type, name and fields. */
  document: Document;
  /** Published documents of the connection (references, mapped fields). */
  published: readonly Document[];
  defaultValueTypes: readonly DefaultValueType[];
  connection: string;
  /** The document cannot be edited (spec part 2 §2 drawer 2: the field drawer is read-only then). */
  readOnly: boolean;
  /** Replaces the whole draft (picking a table fills the fields). */
  replace?(next: Document): void;
}

/** The context as the fields receive it, checked, so a form without it fails loudly. */
export function documentFormContext(value: unknown): DocumentFormContext {
  const context = value as Partial<DocumentFormContext> | undefined;
  if (!context?.document || !context.published || !context.defaultValueTypes)
    throw new Error(
      'documentFormContext: the document form needs formContext { document, published, defaultValueTypes, connection, readOnly }',
    );
  return context as DocumentFormContext;
}
