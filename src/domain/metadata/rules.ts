import type { components } from '../../../generated/uiservices';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import { leafName } from '../fields/fieldTree';
import { isTaken } from '../rules/names';
import { valueFormatError } from '../rules/typeFormats';
import {
  elementTypesFor,
  FIELD_TYPES,
  KIND_OPTION,
  PARENT_TYPES,
  STATIC_DEFAULT,
  takes,
  type ValidationKind,
} from './fieldOptions';
import type { MetadataLookups } from './lookups';
import { canMap } from './mapping';

type Schemas = components['schemas'];
export type MetadataDocument = Schemas['MetadataDocument'];
export type MetadataElement = Schemas['MetadataElement'];

export interface ElementContext {
  /** JSON pointer of the element. */
  path: string;
  parentName: string | null;
  lookups?: MetadataLookups | undefined;
  /** The document's own name, which its fields may not point at. */
  documentName?: string | undefined;
  /** The field drawer edits one field without its children and knows whether it has any. */
  hasChildren?: boolean;
  /** Names of the siblings (the drawer checks uniqueness within the parent). */
  siblingNames?: readonly string[];
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first rule a field's own name (below its parent) breaks (spec part 1 §5 'Names in general'). */
function leafError(leaf: string): string | null {
  if (leaf.trim() === '') return 'mb.validation.fieldNameEmpty';
  if (leaf.length < 2) return 'mb.validation.fieldNameIsShort';
  if (/\s/.test(leaf)) return 'mb.validation.fieldNameContainsSpace';
  // Nested names allow letters, digits, underscore and the dots between levels (part 1 §5).
  if (/[^A-Za-z0-9_]/.test(leaf)) return 'mb.validation.fieldNameInvalid';
  return null;
}

/**
 * The rules of one field the schema cannot say (spec part 1 §5 'Metadata document', 'Field editor', 'Type
 * checks'; part 2 §5 'Field definition'), with paths below `context.path`: the name's own part, children
 * only on parent types, each option only on the types that take it, the regex or the list a validation
 * kind needs, function-list mapping, array element type, the bound published document and the default.
 */
export function elementErrors(element: MetadataElement, context: ElementContext): FieldError[] {
  const errors: FieldError[] = [];
  const name = element.Name ?? '';
  const add = (path: string, messageKey: string, params: Record<string, string | number> = {}) => {
    const all = { field: name || '—', ...params };
    errors.push({ path: `${context.path}${path}`, messageKey, message: t(messageKey, all), params: all });
  };
  const leafKey = leafError(leafName(name, context.parentName));
  if (leafKey) add('/Name', leafKey);
  else if (
    context.siblingNames &&
    isTaken(
      name,
      context.siblingNames.map((sibling, id) => ({ id, name: sibling })),
    )
  )
    add('/Name', 'fieldNameExists');

  const type = element.Type;
  // An unknown or missing type is the schema's fieldTypeError; the type-dependent rules wait for one.
  if (!FIELD_TYPES.includes(type)) return errors;
  const { lookups } = context;

  const hasChildren = context.hasChildren ?? (element.Elements ?? []).length > 0;
  if (hasChildren && !PARENT_TYPES.includes(type)) add('/Type', 'mb.validation.childrenNeedParentType');

  const validation = element.Validation ?? {};
  if (!blank(validation.Max) && !takes('maxLength', type))
    add('/Validation/Max', 'mb.validation.maxLengthNotAllowed');
  const kind: ValidationKind = validation.Type ?? 'none';
  const reference = validation.Reference ?? {};
  if (kind !== 'none' && !takes(KIND_OPTION[kind], type))
    add('/Validation/Type', 'mb.validation.validationKindNotAllowed');
  if (!blank(validation.Regex) && kind !== 'regularexpression')
    add(
      '/Validation/Regex',
      kind === 'referencelist' ? 'mb.validation.regexAndReferenceList' : 'mb.validation.regexNotAllowed',
    );
  if (kind === 'regularexpression') {
    if (blank(validation.Regex)) add('/Validation/Regex', 'mb.validation.regexEmpty');
    else if (!compiles(String(validation.Regex))) add('/Validation/Regex', 'mb.validation.regexInvalid');
  }
  if (kind === 'referencelist') {
    if (blank(reference.Guid)) add('/Validation/Reference/Guid', 'mb.validation.referenceListEmpty');
    else if (lookups?.referenceLists && !lookups.referenceLists.some((list) => list.Guid === reference.Guid))
      add('/Validation/Reference/Guid', 'mb.validation.referenceListUnknown');
  }
  if (kind === 'foreignreference') {
    if (blank(reference.Guid)) add('/Validation/Reference/Guid', 'mb.validation.foreignReferenceEmpty');
    else if (lookups?.foreignLists && !lookups.foreignLists.some((list) => list.Key === reference.Guid))
      add('/Validation/Reference/Guid', 'mb.validation.foreignReferenceUnknown');
  }
  if (kind === 'none' && !blank(reference.Guid)) functionListErrors(element, add, lookups);

  if (takes('arrayElementType', type)) {
    if (blank(element.ArrayElementType)) add('/ArrayElementType', 'mb.validation.arrayElementTypeEmpty');
    else if (!(elementTypesFor(type) as string[]).includes(String(element.ArrayElementType)))
      add('/ArrayElementType', 'mb.validation.arrayElementTypeInvalid');
  } else if (!blank(element.ArrayElementType))
    add('/ArrayElementType', 'mb.validation.arrayElementTypeNotAllowed');

  if (takes('document', type)) {
    const document = String(element.Document ?? '');
    if (blank(element.Document)) add('/Document', 'mb.validation.documentEmpty');
    else if (context.documentName && same(document, context.documentName))
      add('/Document', 'mb.validation.documentSelf');
    else if (
      lookups?.publishedDocuments &&
      !lookups.publishedDocuments.some((entry) => same(entry, document))
    )
      add('/Document', 'mb.validation.documentNotPublished');
  } else if (!blank(element.Document)) add('/Document', 'mb.validation.documentNotAllowed');

  const fallback = element.Default;
  if (fallback && !blank(fallback.Type)) {
    const entry = lookups?.defaultValueTypes?.find((item) => item.Key === fallback.Type);
    if (lookups?.defaultValueTypes && !entry) add('/Default/Type', 'mb.validation.defaultTypeUnknown');
    else if (entry && !(entry.Types ?? []).includes(type))
      add('/Default/Type', 'mb.validation.defaultTypeNotAllowed');
    else if (fallback.Type === STATIC_DEFAULT) {
      // A static default requires a value that fits the type (part 1 §5 'Default value checks').
      const key = valueFormatError(type, fallback.Value);
      if (key) add('/Default/Value', key);
    }
  }
  return errors;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * Function-list mapping (spec part 1 §5 'Metadata document': the connection's function and the mapped
 * field must exist and types and max lengths must be mappable; part 2 §5 'Mapping and comparison').
 */
function functionListErrors(
  element: MetadataElement,
  add: (path: string, key: string, params?: Record<string, string | number>) => void,
  lookups: MetadataLookups | undefined,
) {
  const type = element.Type;
  const reference = element.Validation?.Reference ?? {};
  if (!takes('functionList', type)) {
    add('/Validation/Reference/Guid', 'mb.validation.functionListNotAllowed');
    return;
  }
  if (blank(reference.Map)) add('/Validation/Reference/Map', 'mb.validation.functionListFieldEmpty');
  if (!lookups?.functionLists) return;
  const list = lookups.functionLists.find((entry) => entry.Guid === reference.Guid);
  if (!list) {
    add('/Validation/Reference/Guid', 'mb.validation.functionListUnknown');
    return;
  }
  const fields = list.Fields ?? [];
  const mapped = fields.find((field) => field.Name === reference.Map);
  if (!blank(reference.Map) && !mapped)
    add('/Validation/Reference/Map', 'mb.validation.functionListFieldUnknown');
  if (mapped) {
    if (!canMap(type, String(mapped.Type)))
      add('/Validation/Reference/Map', 'mb.validation.functionListTypeMismatch', {
        type: String(mapped.Type),
      });
    const source = element.Validation?.Max;
    const target = (mapped.Validation as { Max?: unknown } | null | undefined)?.Max;
    if (typeof source === 'number' && typeof target === 'number' && source > target)
      add('/Validation/Reference/Map', 'mb.validation.functionListMaxLength', { limit: target });
  }
  (reference.Fields ?? []).forEach((picked, index) => {
    if (!fields.some((field) => field.Name === picked.Name))
      add(`/Validation/Reference/Fields/${index}/Name`, 'mb.validation.functionListFieldUnknown');
  });
}

/** Every field of a list of elements and their children, depth first. */
function walk(
  elements: readonly MetadataElement[],
  base: string,
  parentName: string | null,
  visit: (element: MetadataElement, path: string, parentName: string | null) => void,
) {
  elements.forEach((element, index) => {
    const path = `${base}/${index}`;
    visit(element, path, parentName);
    walk(element.Elements ?? [], `${path}/Elements`, element.Name, visit);
  });
}

/**
 * Rules of a metadata document the schema cannot say (spec part 1 §5 'Metadata document'); the schema
 * holds the name rules (docNameEmpty, docNameIsShort, docNameContainsSpace, docNameNotUnique), at least one
 * field (noFieldsSet), unique names within a parent, dotted child names and known types (fieldTypeError).
 * The server runs the same function with lookups from its database.
 */
export function metadataRules(document: MetadataDocument, lookups?: MetadataLookups): FieldError[] {
  const errors: FieldError[] = [];
  if (document.SchemaType && lookups?.schemaTypes && !lookups.schemaTypes.includes(document.SchemaType))
    errors.push({
      path: '/SchemaType',
      messageKey: 'mb.validation.schemaTypeUnknown',
      message: t('mb.validation.schemaTypeUnknown'),
    });
  walk(document.Elements ?? [], '/Elements', null, (element, path, parentName) => {
    errors.push(...elementErrors(element, { path, parentName, lookups, documentName: document.Name }));
  });
  return errors;
}
