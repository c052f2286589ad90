import { type ActionContext, fieldsOfAction } from '../../domain/actionDocuments/actionFields';
import type { Action, ActionDocument } from '../../domain/actionDocuments/types';
import { PREVIEW_INDENT, sampleValue } from '../documentbuilder/sampleValue';

function sampleOf(action: Action, context: ActionContext): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const field of fieldsOfAction(action, context) ?? [])
    sample[field.Name] = sampleValue(field.Type ?? '');
  for (const child of action.Childs ?? []) {
    const alias = child.Relation?.ChildName;
    if (alias) sample[alias] = [sampleOf(child, context)];
  }
  return sample;
}

/**
 * What an action document takes or gives, as JSON indented 4 spaces (spec part 2 §2 drawer 13): the root
 * action's fields, and each child action's rows as a list under its relation alias.
 */
export function actionDocumentPreview(document: ActionDocument, context: ActionContext): string {
  return document.Action ? JSON.stringify(sampleOf(document.Action, context), null, PREVIEW_INDENT) : '{}';
}
