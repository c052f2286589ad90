import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Document, DocumentField } from '../../domain/documents/types';
import {
  editableInForm,
  filledByServer,
  type RecordValues,
  requiredInForm,
} from '../../domain/records/recordRules';
import { INT32_MAX, INT32_MIN } from '../../domain/rules/typeFormats';
import type { Choice } from '../../engine/form/fields/ChoiceField';
import type { FormDefinition } from '../../engine/form/formDefinition';
import type { Validator } from '../../validation/validateWith';

/**
 * The browser cannot compile a schema at run time (the content security policy forbids eval), so the
 * record form's schema only draws the form; its checks are the shared record rules (recordErrors), run
 * as the drawer's rules. This validator accepts everything for that reason.
 */
const drawOnly: Validator = Object.assign(() => true, { errors: null });

function propertyOf(field: DocumentField): RJSFSchema {
  const title = field.Name;
  switch (field.Type) {
    case 'Boolean':
      return { type: 'boolean', title };
    case 'Number':
      return { type: ['integer', 'null'], title, minimum: INT32_MIN, maximum: INT32_MAX };
    case 'Longnumber':
      return { type: ['integer', 'null'], title };
    case 'DateOnly':
      return { type: ['string', 'null'], title, format: 'date' };
    case 'DateTime':
      return { type: ['string', 'null'], title, format: 'date-time' };
    case 'String':
      return {
        type: ['string', 'null'],
        title,
        ...(typeof field.Validation?.MaxLength === 'number' ? { maxLength: field.Validation.MaxLength } : {}),
      };
    default:
      return { type: ['string', 'null'], title };
  }
}

const typeHelp: Record<string, string> = {
  Decimal: 'A number with up to 2 decimals.',
  Guid: 'A GUID: 8-4-4-4-12 hexadecimal digits.',
};

/**
 * The form of a record, generated at run time from the document's fields (spec part 2 §2 'Document
 * Editor'): each field with its type, required mark and max length; reference lists (a foreign key or a
 * mapped field) as a choice of the referenced records; fields the server fills, IDs, keys and fields that
 * are not updatable read-only where the spec's options say so.
 */
export function recordForm(
  document: Document,
  options: { isNew: boolean; choices: Readonly<Record<string, readonly Choice[]>> },
): FormDefinition {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': document.Elements.map((field) => field.Name) };
  for (const field of document.Elements) {
    properties[field.Name] = propertyOf(field);
    const help = [
      filledByServer(field, options.isNew) ? 'Set by the server.' : '',
      field.Description ?? '',
      typeHelp[field.Type] ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    const node: UiSchema = {
      'ui:title': field.Name,
      'ui:emptyValue': null,
      ...(help ? { 'ui:help': help } : {}),
      ...(editableInForm(field, options.isNew) ? {} : { 'ui:readonly': true, 'ui:disabled': true }),
    };
    const choices = options.choices[field.Name];
    if (choices) Object.assign(node, { 'ui:field': 'choice', 'ui:options': { choices } });
    else if (field.Type === 'Text') node['ui:widget'] = 'textarea';
    else if (field.Type === 'Boolean') node['ui:widget'] = 'checkbox';
    uiSchema[field.Name] = node;
  }
  return {
    name: document.Name,
    schema: {
      type: 'object',
      title: document.Name,
      properties,
      required: document.Elements.filter((field) => requiredInForm(field, options.isNew)).map(
        (field) => field.Name,
      ),
    },
    uiSchema,
    validate: drawOnly,
  };
}

/** A new record's values: the static defaults on insert, so the form shows what the server would fill. */
export function newRecord(document: Document): RecordValues {
  const record: RecordValues = {};
  for (const field of document.Elements) {
    const fallback = field.Default;
    if (
      fallback?.Type === 'StaticValue' &&
      fallback.Insert === true &&
      fallback.Value !== undefined &&
      fallback.Value !== null
    )
      record[field.Name] = fallback.Value;
  }
  return record;
}
