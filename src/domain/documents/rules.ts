import type { FieldError } from '../../validation/fieldErrors';
import { mappingProblems } from '../rules/mapping';
import { duplicateIndexes } from '../rules/names';
import { ruleError } from '../rules/ruleError';
import { valueFormatError } from '../rules/typeFormats';
import { documentFieldTypes, identityTypes, lengthTypes } from './fieldTypes';
import { fieldNamed, keyFieldOf } from './keyField';
import type { DefaultValueType, Document, DocumentField } from './types';

/**
 * The rules of documents that JSON Schema cannot say (spec part 2 §5 'Field definition', 'Document',
 * 'Mapping and comparison'), as pure functions the builder, its drawers and the server share. Names,
 * field-name characters and uniqueness are in the schema (x-name, pattern, x-unique).
 */

export interface DocumentRuleContext {
  /** Published documents of the same connection; the document itself may be among them. */
  documents: readonly Document[];
  /** The setting DefaultValueTypes: which default types each field type permits (spec part 2 §3). */
  defaultValueTypes?: readonly DefaultValueType[];
}

export interface FieldRuleOptions extends DocumentRuleContext {
  documentType: Document['Type'];
  /** Path of the field, '' in the field drawer, `/Elements/3` in the document. */
  prefix: string;
  /** Other fields of the document, for name uniqueness in the drawer (the document's schema checks it there). */
  siblings?: readonly DocumentField[];
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether a regular expression compiles as the server and the record editor will use it. */
function compiles(expression: string): boolean {
  try {
    new RegExp(expression, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Rules of one field (spec part 2 §5 'Field definition', and the per-field rules of 'Document'). */
export function fieldRules(field: DocumentField, options: FieldRuleOptions): FieldError[] {
  const { prefix } = options;
  const errors: FieldError[] = [];
  const at = (path: string) => `${prefix}${path}`;
  const validation = field.Validation ?? {};
  const isKeyOrId = field.IsKey === true || field.IsId === true;

  // The type must be chosen and known; documents know the plain types and Text (part 2 §3 'Field types').
  if (!documentFieldTypes.includes(field.Type)) errors.push(ruleError(at('/Type'), 'fieldTypeError'));

  if (options.siblings) {
    const clash = options.siblings.some(
      (sibling) => sibling !== field && sibling.Name.trim().toLowerCase() === field.Name.trim().toLowerCase(),
    );
    if (clash && field.Name.trim() !== '') errors.push(ruleError(at('/Name'), 'fieldNameExists'));
  }

  // Max length and regex apply to strings; a string needs a max length (part 2 §5).
  const isString = lengthTypes.includes(field.Type);
  if (isSet(validation.MaxLength) && !isString)
    errors.push(ruleError(at('/Validation/MaxLength'), 'db.validation.maxLengthNotAllowed'));
  if (isString && !isSet(validation.MaxLength))
    errors.push(ruleError(at('/Validation/MaxLength'), 'db.validation.stringNoMaxLength'));
  if (validation.Type === 'referencelist' || validation.Type === 'foreignreference')
    errors.push(ruleError(at('/Validation/Type'), 'db.validation.toolValidationNotOffered'));
  const expression = validation.Expression ?? '';
  if (validation.Type === 'regularexpression' && expression.trim() === '')
    errors.push(ruleError(at('/Validation/Expression'), 'db.validation.regexEmpty'));
  if (expression !== '') {
    if (!isString) errors.push(ruleError(at('/Validation/Expression'), 'db.validation.regexNotAllowed'));
    else if (!compiles(expression))
      errors.push(ruleError(at('/Validation/Expression'), 'db.validation.regexInvalid'));
    // The reference list and regex options are mutually exclusive (part 2 §5).
    if (field.IsMapping === true)
      errors.push(ruleError(at('/Validation/Expression'), 'db.validation.regexAndReference'));
  }

  // Key fields are required and not updatable; ID fields are not updatable and count up (part 2 §5).
  if (field.IsKey === true && validation.IsRequired !== true)
    errors.push(ruleError(at('/Validation/IsRequired'), 'db.validation.keyNotRequired'));
  if (field.IsKey === true && field.IsUpdatable !== false)
    errors.push(ruleError(at('/IsUpdatable'), 'db.validation.keyUpdatable'));
  if (field.IsId === true && field.IsKey !== true && field.IsUpdatable !== false)
    errors.push(ruleError(at('/IsUpdatable'), 'db.validation.idUpdatable'));
  if (field.IsId === true && !identityTypes.includes(field.Type))
    errors.push(ruleError(at('/Type'), 'db.validation.identityType'));

  errors.push(...defaultRules(field, isKeyOrId, at, options.defaultValueTypes));
  errors.push(...mappingRules(field, options, at));
  return errors;
}

/** Defaults (part 2 §3 'Field options', §5 'Field definition'). */
function defaultRules(
  field: DocumentField,
  isKeyOrId: boolean,
  at: (path: string) => string,
  defaultValueTypes: readonly DefaultValueType[] | undefined,
): FieldError[] {
  const fallback = field.Default;
  if (!fallback || !isSet(fallback.Type)) return [];
  // Required and default choices are not offered on key or id fields of documents (part 2 §5).
  if (isKeyOrId) return [ruleError(at('/Default/Type'), 'db.validation.defaultOnKey')];
  const errors: FieldError[] = [];
  const kind = defaultValueTypes?.find((entry) => entry.Key === fallback.Type);
  if (defaultValueTypes && (!kind || !(kind.Types ?? []).includes(field.Type)))
    errors.push(ruleError(at('/Default/Type'), 'db.validation.defaultTypeNotAllowed'));
  if (fallback.Insert !== true && fallback.Update !== true)
    errors.push(ruleError(at('/Default/Insert'), 'db.validation.defaultWhenNotSet'));
  if (fallback.Type === 'StaticValue') {
    // A static default needs a value that fits the type (part 2 §5 'Field definition').
    const wrong = valueFormatError(field.Type, fallback.Value);
    if (wrong) errors.push(ruleError(at('/Default/Value'), wrong));
    else {
      const max = field.Validation?.MaxLength;
      if (typeof max === 'number' && typeof fallback.Value === 'string' && fallback.Value.length > max)
        errors.push(ruleError(at('/Default/Value'), 'db.validation.defaultTooLong'));
    }
  }
  return errors;
}

/** A mapped field (is_map) points at a field of a published list document (part 2 §5 'Document'). */
function mappingRules(
  field: DocumentField,
  options: FieldRuleOptions,
  at: (path: string) => string,
): FieldError[] {
  if (field.IsMapping !== true) return [];
  if (options.documentType !== 'List')
    return [ruleError(at('/IsMapping'), 'db.validation.mappingNotAllowed')];
  const base = '/Validation/Document/Reference';
  const reference = field.Validation?.Document?.Reference;
  if (!reference?.DocumentGuid)
    return [ruleError(at(`${base}/DocumentGuid`), 'db.validation.mappingDocumentNotChosen')];
  const target = options.documents.find(
    (document) => document.Guid === reference.DocumentGuid && document.Type === 'List',
  );
  if (!target) return [ruleError(at(`${base}/DocumentGuid`), 'db.validation.mappingDocumentNotFound')];
  const errors: FieldError[] = [];
  const mapped = fieldNamed(target, reference.MappingField);
  if (!mapped) errors.push(ruleError(at(`${base}/MappingField`), 'db.validation.mappingFieldNotFound'));
  else {
    // The mapped field's values are stored in this field: types and lengths must fit (part 2 §5 'Mapping').
    const problems = mappingProblems(asMappable(mapped), asMappable(field), { checkRequired: false });
    if (problems.includes('type'))
      errors.push(ruleError(at(`${base}/MappingField`), 'db.validation.mappingTypeMismatch'));
    if (problems.includes('maxLength'))
      errors.push(ruleError(at(`${base}/MappingField`), 'db.validation.mappingMaxLengthMismatch'));
  }
  const returns = reference.ReturnFields ?? [];
  const repeated = new Set(duplicateIndexes(returns, (entry) => entry.AliasName));
  returns.forEach((entry, index) => {
    const path = at(`${base}/ReturnFields/${index}`);
    if (!fieldNamed(target, entry.FieldName))
      errors.push(ruleError(`${path}/FieldName`, 'db.validation.returnFieldNotFound'));
    // Aliases: not empty, unique among siblings, no whitespace (part 2 §3, §5 'Field definition').
    const alias = entry.AliasName ?? '';
    if (alias.trim() === '') errors.push(ruleError(`${path}/AliasName`, 'aliasCanNotBeEmpty'));
    else if (/\s/.test(alias))
      errors.push(ruleError(`${path}/AliasName`, 'db.validation.aliasContainsSpace'));
    else if (repeated.has(index)) errors.push(ruleError(`${path}/AliasName`, 'aliasMustBeUnique'));
  });
  return errors;
}

/** A document field as the mapping rules see it. */
export function asMappable(field: DocumentField) {
  return {
    Type: field.Type,
    MaxLength: field.Validation?.MaxLength ?? null,
    IsRequired: field.Validation?.IsRequired === true,
  };
}

/** Rules of the whole document (spec part 2 §5 'Document'). */
export function documentRules(document: Document, context: DocumentRuleContext): FieldError[] {
  const errors: FieldError[] = [];
  const fields = document.Elements ?? [];
  const isList = document.Type === 'List';

  // At least one field, and at least one key field.
  if (fields.length === 0) errors.push(ruleError('/Elements', 'db.validation.noFieldsSet'));
  const keys = fields.filter((field) => field.IsKey === true);
  if (fields.length > 0 && keys.length === 0) errors.push(ruleError('/Elements', 'db.validation.noKeyField'));
  // List documents need exactly one key field.
  if (isList && keys.length > 1) errors.push(ruleError('/Elements', 'db.validation.listKeyCount'));

  // With an identity field, exactly one field is both key and identity; action documents allow one identity.
  const identities = fields.filter((field) => field.IsId === true);
  if (!isList && identities.length > 1)
    errors.push(ruleError('/Elements', 'db.validation.tooManyIdentityFields'));
  if (identities.length > 0 && identities.filter((field) => field.IsKey === true).length !== 1)
    errors.push(ruleError('/Elements', 'db.validation.identityKeyCount'));

  fields.forEach((field, index) => {
    errors.push(
      ...fieldRules(field, { ...context, documentType: document.Type, prefix: `/Elements/${index}` }),
    );
  });

  errors.push(...referenceRules(document, context));
  return errors;
}

/** References (spec part 2 §5 'Document'): complete, pointing at a published document's key, with a fitting foreign key. */
function referenceRules(document: Document, context: DocumentRuleContext): FieldError[] {
  const errors: FieldError[] = [];
  (document.References ?? []).forEach((reference, index) => {
    const at = (part: string) => `/References/${index}/${part}`;
    const missing = (['Name', 'Guid', 'Key', 'Child'] as const).filter((part) => !isSet(reference[part]));
    if (missing.length > 0) {
      errors.push(
        ruleError(at(missing.includes('Child') ? 'Child' : 'Name'), 'db.validation.referenceIncomplete'),
      );
      return;
    }
    const target = context.documents.find((candidate) => candidate.Guid === reference.Guid);
    if (!target) {
      errors.push(ruleError(at('Name'), 'db.validation.referenceDocumentNotFound'));
      return;
    }
    // References from list documents may point only to list documents.
    if (document.Type === 'List' && target.Type !== 'List')
      errors.push(ruleError(at('Name'), 'db.validation.referenceNotList'));
    const targetKey = keyFieldOf(target);
    if (!targetKey || targetKey.Name.toLowerCase() !== String(reference.Key).toLowerCase())
      errors.push(ruleError(at('Key'), 'db.validation.referenceKeyMismatch'));
    const child = fieldNamed(document, reference.Child);
    if (!child) {
      errors.push(ruleError(at('Child'), 'db.validation.referenceChildNotFound'));
      return;
    }
    if (!targetKey) return;
    // Key values are stored in the foreign key: types and max lengths must be compatible.
    const problems = mappingProblems(asMappable(targetKey), asMappable(child), { checkRequired: false });
    if (problems.includes('type')) errors.push(ruleError(at('Child'), 'db.validation.referenceTypeMismatch'));
    if (problems.includes('maxLength'))
      errors.push(ruleError(at('Child'), 'db.validation.referenceMaxLengthMismatch'));
  });
  return errors;
}
