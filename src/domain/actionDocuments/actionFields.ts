import type { Document } from '../documents/types';
import type { MappableField } from '../rules/mapping';
import type { Action, Method } from './types';

export interface ActionField extends MappableField {
  Name: string;
}

export interface ActionContext {
  /** Published documents of the connection. */
  documents: readonly Document[];
  /** Published methods of the connection. */
  methods: readonly Method[];
}

/** What an action points at: its document or its method, when it exists. */
export function targetOf(action: Pick<Action, 'Type' | 'Guid'>, context: ActionContext) {
  if (!action.Guid) return undefined;
  if (action.Type === 'Method') {
    const method = context.methods.find((entry) => entry.Guid === action.Guid);
    return method ? ({ kind: 'Method', method } as const) : undefined;
  }
  const document = context.documents.find((entry) => entry.Guid === action.Guid);
  return document ? ({ kind: 'Document', document } as const) : undefined;
}

/**
 * The fields of an action: a document's fields, or a method's input and output fields; undefined when
 * the action's document or method does not exist.
 */
export function fieldsOfAction(
  action: Pick<Action, 'Type' | 'Guid'>,
  context: ActionContext,
): ActionField[] | undefined {
  const target = targetOf(action, context);
  if (!target) return undefined;
  if (target.kind === 'Document')
    return target.document.Elements.map((field) => ({
      Name: field.Name,
      Type: field.Type,
      MaxLength: field.Validation?.MaxLength ?? null,
      IsRequired: field.Validation?.IsRequired === true,
    }));
  return [...(target.method.Input ?? []), ...(target.method.Output ?? [])].map((field) => ({
    Name: field.Name,
    Type: field.Type,
    MaxLength: field.Validation?.Max ?? null,
    IsRequired: field.Validation?.Required === true,
  }));
}

/** A field of a list by name, ignoring case. */
export function findField(fields: readonly ActionField[] | undefined, name: string | null | undefined) {
  if (!fields || !name) return undefined;
  const wanted = name.toLowerCase();
  return fields.find((field) => field.Name.toLowerCase() === wanted);
}
