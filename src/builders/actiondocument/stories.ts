import type { ActionFormContext } from './actionFormContext';
import type { ActionDocument } from './types';

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
