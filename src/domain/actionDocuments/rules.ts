import type { FieldError } from '../../validation/fieldErrors';
import { actionMethods } from '../documents/actionMethods';
import type { Document } from '../documents/types';
import { mappingProblems } from '../rules/mapping';
import { duplicateIndexes } from '../rules/names';
import { ruleError } from '../rules/ruleError';
import { type ActionContext, fieldsOfAction, findField, targetOf } from './actionFields';
import type { Action, ActionDocument, MatchRule } from './types';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** Whether one of the two documents declares the reference the relation uses (spec part 2 §5). */
function declaresReference(parent: Document, child: Document, parentField: string, childField: string) {
  const fromChild = (child.References ?? []).some(
    (reference) =>
      reference.Guid === parent.Guid && same(reference.Child, childField) && same(reference.Key, parentField),
  );
  const fromParent = (parent.References ?? []).some(
    (reference) =>
      reference.Guid === child.Guid && same(reference.Child, parentField) && same(reference.Key, childField),
  );
  return fromChild || fromParent;
}

/** Rules of one action, wherever it sits in the tree. */
function actionRules(action: Action, path: string, isRead: boolean, context: ActionContext, isRoot: boolean) {
  const errors: FieldError[] = [];
  if (!action.Guid) {
    errors.push(
      ruleError(
        isRoot ? '/Action' : `${path}/Guid`,
        isRoot ? 'ad.validation.rootActionNotChosen' : 'ad.validation.actionNotChosen',
      ),
    );
    return errors;
  }
  const target = targetOf(action, context);
  if (!target) {
    errors.push(ruleError(`${path}/Guid`, 'ad.validation.actionNotAvailable'));
    return errors;
  }
  if (target.kind === 'Method') {
    // Each method action has the same is_read as the document (part 2 §5).
    if ((target.method.IsRead === true) !== isRead)
      errors.push(ruleError(`${path}/Guid`, 'ad.validation.methodIsReadMismatch'));
  } else if (!action.Method) {
    errors.push(ruleError(`${path}/Method`, 'ad.validation.actionMethodNotChosen'));
  } else {
    const method = actionMethods.find((entry) => entry.key === action.Method);
    if (!method || method.isRead !== isRead)
      errors.push(ruleError(`${path}/Method`, 'ad.validation.methodIsReadMismatch'));
  }
  const fields = fieldsOfAction(action, context);
  // Required field names must exist (part 2 §5).
  (action.Required ?? []).forEach((name, index) => {
    if (!findField(fields, name))
      errors.push(ruleError(`${path}/Required/${index}`, 'ad.validation.requiredFieldDoesNotExist'));
  });
  (action.Sorting ?? []).forEach((sort, index) => {
    if (!findField(fields, sort.Field))
      errors.push(ruleError(`${path}/Sorting/${index}/Field`, 'ad.validation.sortingFieldDoesNotExist'));
  });
  return errors;
}

/** Rules of the children of `parent`: each needs a relation to it (part 2 §5 'Action document'). */
function childrenRules(parent: Action, path: string, isRead: boolean, context: ActionContext): FieldError[] {
  const errors: FieldError[] = [];
  const children = parent.Childs ?? [];
  const repeated = new Set(duplicateIndexes(children, (child) => child.Relation?.ChildName));
  const parentFields = fieldsOfAction(parent, context);
  children.forEach((child, index) => {
    const at = `${path}/Childs/${index}`;
    errors.push(...actionRules(child, at, isRead, context, false));
    const relation = child.Relation;
    if (!relation) errors.push(ruleError(`${at}/Relation`, 'ad.validation.actionRelationNotSet'));
    else {
      // The alias is set and unique among siblings; child and parent fields are set and exist.
      if (!relation.ChildName?.trim())
        errors.push(ruleError(`${at}/Relation/ChildName`, 'ad.validation.actionRelationAliasNotSet'));
      else if (repeated.has(index))
        errors.push(ruleError(`${at}/Relation/ChildName`, 'ad.validation.actionRelationAliasNotUnique'));
      const childFields = fieldsOfAction(child, context);
      const childField = findField(childFields, relation.ChildField);
      const parentField = findField(parentFields, relation.ParentField);
      if (!relation.ChildField)
        errors.push(ruleError(`${at}/Relation/ChildField`, 'ad.validation.actionRelationChildNotSet'));
      else if (childFields && !childField)
        errors.push(ruleError(`${at}/Relation/ChildField`, 'ad.validation.configuredChildFieldDoesNotExist'));
      if (!relation.ParentField)
        errors.push(ruleError(`${at}/Relation/ParentField`, 'ad.validation.actionRelationParentNotSet'));
      else if (parentFields && !parentField)
        errors.push(
          ruleError(`${at}/Relation/ParentField`, 'ad.validation.configuredParentFieldDoesNotExist'),
        );
      if (childField && parentField) {
        // The parent's value is written to the child's field: types mappable, lengths compatible.
        const problems = mappingProblems(parentField, childField, { checkRequired: false });
        if (problems.includes('type'))
          errors.push(ruleError(`${at}/Relation/ChildField`, 'ad.validation.relationFieldTypesDoNotMatch'));
        if (problems.includes('maxLength'))
          errors.push(
            ruleError(`${at}/Relation/ChildField`, 'ad.validation.relationFieldMaxLengthsDoNotMatch'),
          );
        // A document-to-document relation must match a declared reference.
        const parentTarget = targetOf(parent, context);
        const childTarget = targetOf(child, context);
        if (
          parentTarget?.kind === 'Document' &&
          childTarget?.kind === 'Document' &&
          !declaresReference(parentTarget.document, childTarget.document, parentField.Name, childField.Name)
        )
          errors.push(ruleError(`${at}/Relation`, 'ad.validation.documentRelationTypeMismatch'));
      }
    }
    errors.push(...childrenRules(child, at, isRead, context));
  });
  return errors;
}

/** Every document action of the tree, for match rules. */
function documentActions(root: Action | undefined): Action[] {
  if (!root) return [];
  const out: Action[] = [];
  const walk = (action: Action) => {
    if (action.Type !== 'Method' && action.Guid) out.push(action);
    for (const child of action.Childs ?? []) walk(child);
  };
  walk(root);
  return out;
}

/**
 * Rules of an action document (spec part 2 §5 'Action document', keys of part 2 §8 ad.validation.*): a
 * root action; methods matching is_read; child relations with a unique alias and existing, mappable
 * fields that match a declared reference between documents; existing required fields; match rules on an
 * action's document with input and output fields that exist. Name rules are in the schema.
 */
export function actionDocumentRules(document: ActionDocument, context: ActionContext): FieldError[] {
  const isRead = document.IsRead === true;
  const root = document.Action;
  const errors: FieldError[] = [];
  if (!root) errors.push(ruleError('/Action', 'ad.validation.rootActionNotChosen'));
  else {
    errors.push(...actionRules(root, '/Action', isRead, context, true));
    errors.push(...childrenRules(root, '/Action', isRead, context));
  }
  const available = documentActions(root);
  (document.Rules ?? []).forEach((rule, index) => {
    const at = `/Rules/${index}`;
    const action = available.find((entry) => entry.Guid === rule.Guid);
    if (!action) errors.push(ruleError(`${at}/Name`, 'ad.validation.ruleDocumentNotAvailable'));
    const fields = action ? fieldsOfAction(action, context) : undefined;
    for (const side of ['Input', 'Output'] as const) {
      const names = rule[side] ?? [];
      if (names.length === 0)
        errors.push(
          ruleError(
            `${at}/${side}`,
            side === 'Input' ? 'ad.validation.ruleInputNotSet' : 'ad.validation.ruleOutputNotSet',
          ),
        );
      if (!fields) continue;
      names.forEach((name, position) => {
        if (!findField(fields, name))
          errors.push(
            ruleError(
              `${at}/${side}/${position}`,
              side === 'Input'
                ? 'ad.validation.ruleInputFieldDoesNotExist'
                : 'ad.validation.ruleOutputFieldDoesNotExist',
            ),
          );
      });
    }
  });
  return errors;
}

/**
 * The checks of the action details drawer (spec part 2 §2 drawer 14): the action is chosen and fits
 * is_read, and a child's relation has an alias unique among its siblings and both fields. The document's
 * validation runs the full rules.
 */
export function actionDetailsRules(
  action: Omit<Action, 'Childs'>,
  options: { isRoot: boolean; isRead: boolean; siblingAliases: readonly string[]; context: ActionContext },
): FieldError[] {
  const errors: FieldError[] = [];
  if (!action.Guid) errors.push(ruleError('/Guid', 'ad.validation.actionNotChosen'));
  else {
    const target = targetOf(action, options.context);
    if (!target) errors.push(ruleError('/Guid', 'ad.validation.actionNotAvailable'));
    else if (target.kind === 'Method' && (target.method.IsRead === true) !== options.isRead)
      errors.push(ruleError('/Guid', 'ad.validation.methodIsReadMismatch'));
  }
  if (action.Type !== 'Method') {
    const method = actionMethods.find((entry) => entry.key === action.Method);
    if (!action.Method) errors.push(ruleError('/Method', 'ad.validation.actionMethodNotChosen'));
    else if (!method || method.isRead !== options.isRead)
      errors.push(ruleError('/Method', 'ad.validation.methodIsReadMismatch'));
  }
  if (options.isRoot) return errors;
  const relation = action.Relation;
  const alias = relation?.ChildName?.trim() ?? '';
  if (!alias) errors.push(ruleError('/Relation/ChildName', 'ad.validation.actionRelationAliasNotSet'));
  else if (options.siblingAliases.some((other) => other.trim().toLowerCase() === alias.toLowerCase()))
    errors.push(ruleError('/Relation/ChildName', 'ad.validation.actionRelationAliasNotUnique'));
  if (!relation?.ParentField)
    errors.push(ruleError('/Relation/ParentField', 'ad.validation.actionRelationParentNotSet'));
  if (!relation?.ChildField)
    errors.push(ruleError('/Relation/ChildField', 'ad.validation.actionRelationChildNotSet'));
  return errors;
}

/** The checks of the match rule drawer (drawer 14): a document of the tree, and input and output fields. */
export function matchRuleDetailsRules(
  rule: MatchRule,
  documentActions: readonly Pick<Action, 'Guid'>[],
): FieldError[] {
  const errors: FieldError[] = [];
  if (!rule.Guid || !documentActions.some((action) => action.Guid === rule.Guid))
    errors.push(ruleError('/Guid', 'ad.validation.ruleDocumentNotAvailable'));
  if ((rule.Input ?? []).length === 0) errors.push(ruleError('/Input', 'ad.validation.ruleInputNotSet'));
  if ((rule.Output ?? []).length === 0) errors.push(ruleError('/Output', 'ad.validation.ruleOutputNotSet'));
  return errors;
}
