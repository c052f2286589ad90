import type { ComposedDocument } from '../../domain/composedDocuments/types';
import type { ComposedFormContext } from './composedFormContext';

/** What the composed document form needs outside its page, for Storybook: its value, no documents. */
export const storyFormContexts = {
  ComposedDocument: (value: unknown): ComposedFormContext => ({
    composed: (value ?? {}) as ComposedDocument,
    documents: [],
    readOnly: false,
  }),
};
