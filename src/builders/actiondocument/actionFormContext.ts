import type { ActionDocument, Method } from '../../domain/actionDocuments/types';
import type { Document } from '../../domain/documents/types';

/** What the action document's own fields need beyond their value (RJSF formContext). */
export interface ActionFormContext {
  document: ActionDocument;
  /** Published documents of type Action of the connection. */
  documents: readonly Document[];
  /** Published methods of the connection. */
  methods: readonly Method[];
  readOnly: boolean;
  /** Replaces the whole draft, for edits that touch several fields ('Is read' deletes the actions). */
  replace(next: ActionDocument): void;
}

/** The context as the fields receive it, checked, so a form without it fails loudly. */
export function actionFormContext(value: unknown): ActionFormContext {
  const context = value as Partial<ActionFormContext> | undefined;
  if (!context?.document || !context.documents || !context.methods || !context.replace)
    throw new Error(
      'actionFormContext: the action document form needs formContext { document, documents, methods, readOnly, replace }',
    );
  return context as ActionFormContext;
}
