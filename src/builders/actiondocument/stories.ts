import type { ActionDocument } from '../../domain/actionDocuments/types';
import type { ActionFormContext } from './actionFormContext';

/** What the action document form needs outside its page, for Storybook: its value, no documents or methods. */
export const storyFormContexts = {
  ActionDocument: (value: unknown, replace: (next: unknown) => void): ActionFormContext => ({
    document: (value ?? {}) as ActionDocument,
    documents: [],
    methods: [],
    readOnly: false,
    replace,
  }),
};
