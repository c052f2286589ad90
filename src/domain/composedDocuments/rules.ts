import type { FieldError } from '../../validation/fieldErrors';
import { methodsFor } from '../documents/actionMethods';
import { fieldNamed } from '../documents/keyField';
import type { Document } from '../documents/types';
import { duplicateIndexes } from '../rules/names';
import { ruleError } from '../rules/ruleError';
import { referencingDocuments } from './tree';
import type { ComposedChild, ComposedDocument } from './types';

export interface ComposedRuleContext {
  /** Published documents of the connection. */
  documents: readonly Document[];
}

/** The method rule: chosen, and fitting whether the composed document reads or writes. */
function methodRule(method: string | null | undefined, isRead: boolean, path: string): FieldError[] {
  if (!method) return [ruleError(path, 'cd.validation.methodNotChosen')];
  if (!methodsFor(isRead).some((entry) => entry.key === method))
    return [ruleError(path, 'cd.validation.methodNotAllowed', { mode: isRead ? 'reads' : 'writes' })];
  return [];
}

function childRules(
  children: readonly ComposedChild[],
  parent: Document | undefined,
  parentGuid: string | null | undefined,
  prefix: string,
  isRead: boolean,
  context: ComposedRuleContext,
): FieldError[] {
  const errors: FieldError[] = [];
  const repeated = new Set(duplicateIndexes(children, (child) => child.ChildName));
  // A child must be among the referencing documents when such exist (part 2 §5).
  const candidates = referencingDocuments(context.documents, parentGuid);
  children.forEach((child, index) => {
    const at = (part: string) => `${prefix}/${index}/${part}`;
    // Child name is non-empty and unique among siblings.
    if (!child.ChildName?.trim()) errors.push(ruleError(at('ChildName'), 'cd.validation.childNameEmpty'));
    else if (repeated.has(index)) errors.push(ruleError(at('ChildName'), 'cd.validation.childNameNotUnique'));
    const document = child.Guid ? context.documents.find((entry) => entry.Guid === child.Guid) : undefined;
    if (!child.Guid) errors.push(ruleError(at('Guid'), 'cd.validation.childDocumentNotChosen'));
    else if (!document) errors.push(ruleError(at('Guid'), 'cd.validation.documentNotFound'));
    else if (candidates.length > 0 && !candidates.some((entry) => entry.Guid === child.Guid))
      errors.push(ruleError(at('Guid'), 'cd.validation.childNotReferencing'));
    // A method is chosen for each child.
    errors.push(...methodRule(child.Method, isRead, at('Method')));
    // Child field and key field are set (and exist in the child and the parent).
    if (!child.ChildField) errors.push(ruleError(at('ChildField'), 'cd.validation.childFieldNotSet'));
    else if (document && !fieldNamed(document, child.ChildField))
      errors.push(ruleError(at('ChildField'), 'cd.validation.childFieldDoesNotExist'));
    if (!child.KeyField) errors.push(ruleError(at('KeyField'), 'cd.validation.keyFieldNotSet'));
    else if (parent && !fieldNamed(parent, child.KeyField))
      errors.push(ruleError(at('KeyField'), 'cd.validation.keyFieldDoesNotExist'));
    errors.push(...childRules(child.Childs ?? [], document, child.Guid, at('Childs'), isRead, context));
  });
  return errors;
}

/**
 * Rules of a composed document (spec part 2 §5 'Composed document'): a root document and its method,
 * at least one child, each child named uniquely among its siblings, with a method, a child field and a
 * key field, and among the documents referencing its parent. Name rules are in the schema.
 */
export function composedRules(composed: ComposedDocument, context: ComposedRuleContext): FieldError[] {
  const errors: FieldError[] = [];
  const root = composed.Document;
  const isRead = composed.IsRead === true;
  const rootDocument = root?.Guid ? context.documents.find((entry) => entry.Guid === root.Guid) : undefined;
  if (!root?.Guid) errors.push(ruleError('/Document/Guid', 'cd.validation.rootDocumentNotChosen'));
  else if (!rootDocument) errors.push(ruleError('/Document/Guid', 'cd.validation.documentNotFound'));
  if (root?.Guid) errors.push(...methodRule(root.Method, isRead, '/Document/Method'));
  const children = root?.Childs ?? [];
  if (root?.Guid && children.length === 0)
    errors.push(ruleError('/Document/Childs', 'cd.validation.noChildren'));
  errors.push(...childRules(children, rootDocument, root?.Guid, '/Document/Childs', isRead, context));
  return errors;
}
