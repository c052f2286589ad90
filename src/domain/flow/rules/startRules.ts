import type { FieldError } from '../../../validation/fieldErrors';
import { duplicateIndexes } from '../../rules/names';
import { valueFormatError } from '../../rules/typeFormats';
import { flowType, parentOf, STATIC_VALUE, systemValuesFor } from '../fieldTypes';
import type { FlowBlock, FlowField } from '../types';
import { type BlockRule, blank, problem } from './context';
import { fieldNameErrors } from './nameRules';

/** Type set and known (spec part 2 §5 'Flow blocks' Start: "Field type and known type"). */
export function fieldTypeErrors(block: FlowBlock, path: string, field: FlowField): FieldError[] {
  if (blank(field.Type)) return [problem(block, `${path}/Type`, 'fb.flowErrors.fieldTypeNotSet')];
  if (!flowType(field.Type))
    return [problem(block, `${path}/Type`, 'fb.flowErrors.fieldTypeUnknown', { type: field.Type! })];
  return [];
}

/**
 * Nesting of start fields (spec part 2 §5 'Flow blocks' Start: "An array has exactly one child, of object
 * type. An object has at least one child"; part 2 §9 'Array fields need exactly one child'). A child's
 * parent must exist and be an array or object.
 */
function nestingErrors(block: FlowBlock, fields: readonly FlowField[]): FieldError[] {
  const errors: FieldError[] = [];
  const byName = new Map(fields.map((field) => [field.Name.toLowerCase(), field]));
  const children = new Map<string, FlowField[]>();
  for (const field of fields) {
    const parent = parentOf(field.Name).toLowerCase();
    if (parent === '') continue;
    const list = children.get(parent) ?? [];
    list.push(field);
    children.set(parent, list);
  }
  fields.forEach((field, index) => {
    const at = `/Config/Fields/${index}`;
    const parentName = parentOf(field.Name);
    if (parentName !== '') {
      const parentType = flowType(byName.get(parentName.toLowerCase())?.Type);
      if (parentType !== 'Object' && parentType !== 'Array')
        errors.push(
          problem(block, `${at}/Name`, 'fb.flowErrors.fieldParentMissing', {
            name: field.Name,
            parent: parentName,
          }),
        );
    }
    const type = flowType(field.Type);
    const own = children.get(field.Name.toLowerCase()) ?? [];
    if (type === 'Array' && (own.length !== 1 || flowType(own[0]!.Type) !== 'Object'))
      errors.push(
        problem(block, `${at}/Type`, 'fb.flowErrors.arrayNeedsOneObjectChild', { name: field.Name }),
      );
    if (type === 'Object' && own.length === 0)
      errors.push(problem(block, `${at}/Type`, 'fb.flowErrors.objectNeedsChild', { name: field.Name }));
  });
  return errors;
}

/** Function-list mapping (spec part 2 §5 'Flow blocks' Start: "connection match, fields chosen with aliases"). */
function functionListErrors(
  block: FlowBlock,
  at: string,
  field: FlowField,
  lists: ReadonlyMap<string, { FlowConnectionGuid?: string | null }> | undefined,
): FieldError[] {
  const link = field.Validation?.FunctionList;
  if (!link) return [];
  const errors: FieldError[] = [];
  const path = `${at}/Validation/FunctionList`;
  const list = link.Guid ? lists?.get(link.Guid) : undefined;
  if (lists && !list)
    errors.push(problem(block, path, 'fb.flowErrors.functionListNotFound', { name: field.Name }));
  if (list && (list.FlowConnectionGuid ?? null) !== (link.FlowConnectionGuid ?? null))
    errors.push(problem(block, path, 'fb.flowErrors.functionListConnectionMismatch', { name: field.Name }));
  const picked = link.Fields ?? [];
  if (picked.length === 0)
    errors.push(
      problem(block, `${path}/Fields`, 'fb.flowErrors.functionListFieldsNotChosen', { name: field.Name }),
    );
  picked.forEach((entry, index) => {
    if (blank(entry.Alias))
      errors.push(
        problem(block, `${path}/Fields/${index}/Alias`, 'fb.flowErrors.functionListAliasEmpty', {
          name: field.Name,
        }),
      );
  });
  for (const index of duplicateIndexes(picked, (entry) => entry.Alias))
    errors.push(
      problem(block, `${path}/Fields/${index}/Alias`, 'fb.flowErrors.functionListAliasNotUnique', {
        alias: picked[index]!.Alias ?? '',
      }),
    );
  return errors;
}

/**
 * Start block (spec part 2 §5 'Flow blocks' Start): field type and known type; static default valid;
 * unique names; no spaces; 2+ characters; function-list mapping; array and object children. Max length,
 * where given, is a whole number of at least 1 (part 2 §5 'Field definition').
 */
export const startRules: BlockRule = (block, { lookups }) => {
  const fields = block.Config?.Fields ?? [];
  const errors = [...fieldNameErrors(block, '/Config/Fields', fields), ...nestingErrors(block, fields)];
  fields.forEach((field, index) => {
    const at = `/Config/Fields/${index}`;
    errors.push(...fieldTypeErrors(block, at, field));
    const max = field.Validation?.MaxLength;
    if (max !== null && max !== undefined && (!Number.isInteger(max) || max < 1))
      errors.push(problem(block, `${at}/Validation/MaxLength`, 'fb.flowErrors.maxLengthInvalid'));
    const defaultType = field.Default?.Type;
    if (defaultType === STATIC_VALUE && flowType(field.Type)) {
      if (valueFormatError(flowType(field.Type)!, field.Default?.Value) !== null)
        errors.push(
          problem(block, `${at}/Default/Value`, 'fb.flowErrors.staticDefaultInvalid', {
            name: field.Name,
            type: field.Type!,
          }),
        );
    } else if (!blank(defaultType) && flowType(field.Type)) {
      if (!systemValuesFor(field.Type, lookups.defaultValueTypes).some((item) => item.Key === defaultType))
        errors.push(
          problem(block, `${at}/Default/Type`, 'fb.flowErrors.systemValueNotAllowed', {
            value: defaultType!,
            type: field.Type!,
          }),
        );
    }
    errors.push(...functionListErrors(block, at, field, lookups.functionLists));
  });
  return errors;
};
