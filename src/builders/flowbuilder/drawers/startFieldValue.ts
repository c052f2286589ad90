import type { FlowField } from '../../../domain/flow/types';
import type { FunctionListLink } from './FunctionListDrawers';

/** The start field drawer's value (schemas/drawers/flow-start-field): a FlowField, flat. */
export interface StartFieldValue {
  Name: string;
  Type: string | null;
  Description: string | null;
  Required: boolean;
  MaxLength: number | null;
  DefaultType: string | null;
  DefaultValue: FlowField['Value'];
  FunctionList: FunctionListLink | null;
}

/** Types that take a max length (spec part 2 §2 drawer 12). */
export const maxLengthTypes = ['String', 'Text'];

export function toStartFieldValue(field: FlowField): StartFieldValue {
  return {
    Name: field.Name ?? '',
    Type: field.Type ?? null,
    Description: field.Description ?? null,
    Required: field.Validation?.IsRequired === true,
    MaxLength: field.Validation?.MaxLength ?? null,
    DefaultType: field.Default?.Type ?? null,
    DefaultValue: field.Default?.Value ?? null,
    FunctionList: field.Validation?.FunctionList ?? null,
  };
}

/** The edited field, keeping what the drawer does not show (its other validation and default settings). */
export function fromStartFieldValue(value: StartFieldValue, original: FlowField): FlowField {
  return {
    ...original,
    Name: value.Name,
    Type: value.Type,
    Description: value.Description || null,
    Validation: {
      ...original.Validation,
      IsRequired: value.Required,
      MaxLength: value.MaxLength,
      FunctionList: value.FunctionList,
    },
    Default: value.DefaultType ? { Type: value.DefaultType, Value: value.DefaultValue ?? null } : null,
  };
}

/**
 * A new type clears the default (its choices depend on the type) and a max length it does not take; a new
 * default kind clears its value.
 */
export function normalizeStartField(next: StartFieldValue, previous: StartFieldValue): StartFieldValue {
  if (next.Type !== previous.Type)
    return {
      ...next,
      DefaultType: null,
      DefaultValue: null,
      MaxLength: maxLengthTypes.includes(next.Type ?? '') ? next.MaxLength : null,
    };
  if (next.DefaultType !== previous.DefaultType) return { ...next, DefaultValue: null };
  return next;
}
