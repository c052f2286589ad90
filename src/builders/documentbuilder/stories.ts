import type { Document } from '../../domain/documents/types';
import type { DocumentFormContext } from './documentFormContext';

/**
 * What the document form needs outside its page, for Storybook: the story's own value and no published
 * documents or default value types (the page reads those from the server).
 */
export const storyFormContexts = {
  Document: (value: unknown): DocumentFormContext => ({
    document: (value ?? {}) as Document,
    published: [],
    defaultValueTypes: [],
    connection: '',
    readOnly: false,
  }),
};
