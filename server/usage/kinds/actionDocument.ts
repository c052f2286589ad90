import type { Action, ActionDocument } from '../../../src/domain/actionDocuments/types';
import type { Body, FieldUse, KindUsage, Ref } from '../types';
import { rootDocumentFields } from './composedDocument';

const any = (names: ReadonlyArray<string | null | undefined>): FieldUse[] =>
  names.filter((name): name is string => Boolean(name)).map((field) => ({ field, side: 'any' }));

/**
 * Action documents (spec part 2 §3 'Action document', §5): a tree of actions, each a document or a
 * Method Builder method by guid, naming its fields in Required, Sorting, its relation's ChildField and
 * its children's ParentField; match rules name fields of an action's document in Input and Output.
 */
export const actionDocumentUsage: KindUsage = {
  uses: ['document', 'method'],
  fieldsFrom: ['document'],
  refs: (body: Body): Ref[] => {
    const document = body as Partial<ActionDocument>;
    const refs: Ref[] = [];
    const walk = (action: Action) => {
      if (action.Guid) {
        const rules = (document.Rules ?? []).filter((rule) => rule.Guid === action.Guid);
        refs.push({
          kind: action.Type === 'Method' ? 'method' : 'document',
          guid: action.Guid,
          fields: any([
            ...(action.Required ?? []),
            ...(action.Sorting ?? []).map((sort) => sort.Field),
            action.Relation?.ChildField,
            ...(action.Childs ?? []).map((child) => child.Relation?.ParentField),
            ...rules.flatMap((rule) => [...(rule.Input ?? []), ...(rule.Output ?? [])]),
          ]),
        });
      }
      for (const child of action.Childs ?? []) walk(child);
    };
    if (document.Action) walk(document.Action);
    return refs;
  },
  // As a flow action it answers its root action's document fields (server/flows/flowActions.ts).
  fields: (body: Body, _side, lookup) => {
    const root = (body as Partial<ActionDocument>).Action;
    return root?.Type === 'Method' ? [] : rootDocumentFields(root?.Guid, lookup);
  },
};
