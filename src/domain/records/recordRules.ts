import type { FieldError } from '../../validation/fieldErrors';
import type { DocumentField } from '../documents/types';
import { ruleError } from '../rules/ruleError';
import { valueFormatError } from '../rules/typeFormats';

/** A record of a list document: values by field name, as PostRecord takes them. */
export type RecordValues = Record<string, unknown>;

const systemDefaults = new Set(['NewGuid', 'CurrentDate', 'CurrentDateTime', 'CurrentUser']);

export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '';

/** Whether a default of the field applies on this write (spec part 2 §3: defaults on insert and/or update). */
export function defaultApplies(field: DocumentField, isNew: boolean): boolean {
  const fallback = field.Default;
  if (!fallback?.Type) return false;
  return isNew ? fallback.Insert === true : fallback.Update === true;
}

/**
 * Whether the server fills the field on this write, so the form shows it read-only: an ID (identity) is
 * generated, and a system default (new GUID, current date, current user) is the server's to set.
 */
export function filledByServer(field: DocumentField, isNew: boolean): boolean {
  if (field.IsId === true) return true;
  return defaultApplies(field, isNew) && systemDefaults.has(String(field.Default?.Type));
}

/** Whether the field may be typed in: not filled by the server, and on an existing record a key or a
 * not-updatable field stays as it is (spec part 2 §3 'Field options'). */
export function editableInForm(field: DocumentField, isNew: boolean): boolean {
  if (filledByServer(field, isNew)) return false;
  if (!isNew && (field.IsKey === true || field.IsUpdatable === false)) return false;
  return true;
}

/** Whether the field must hold a value that the writer gives (required, and no default fills it). */
export function requiredInForm(field: DocumentField, isNew: boolean): boolean {
  const required = field.IsKey === true || field.Validation?.IsRequired === true;
  return required && field.IsId !== true && !defaultApplies(field, isNew);
}

function compiled(expression: string): RegExp | null {
  try {
    return new RegExp(expression, 'u');
  } catch {
    return null;
  }
}

/**
 * The errors of a record's values against its document's fields (spec part 2 §2 'Document Editor': types,
 * required, max length, regex; part 2 §5 'Type formats'). The record form runs it in the browser, where
 * no schema can be compiled at run time, and the server runs it before writing. Paths are `/<field>`.
 */
export function recordErrors(
  fields: readonly DocumentField[],
  record: RecordValues,
  options: { isNew: boolean },
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (field.IsId === true) continue;
    const path = `/${field.Name}`;
    const value = record[field.Name];
    if (isEmptyValue(value)) {
      if (requiredInForm(field, options.isNew)) errors.push(ruleError(path, 'de.validation.required'));
      continue;
    }
    if (field.Type === 'String' || field.Type === 'Text') {
      if (typeof value !== 'string') {
        errors.push(ruleError(path, 'enterValue'));
        continue;
      }
      const max = field.Validation?.MaxLength;
      if (typeof max === 'number' && [...value].length > max)
        errors.push(ruleError(path, 'de.validation.tooLong', { max }));
      const expression = field.Validation?.Expression;
      if (expression) {
        const pattern = compiled(expression);
        if (pattern && !pattern.test(value)) errors.push(ruleError(path, 'de.validation.pattern'));
      }
      continue;
    }
    const wrong = valueFormatError(field.Type, value);
    if (wrong) errors.push(ruleError(path, wrong));
  }
  return errors;
}
