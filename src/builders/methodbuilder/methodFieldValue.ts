import type { components } from '../../../generated/uiservices';
import { storedDefault } from '../metadatabuilder/drawerValue';

type MethodField = components['schemas']['MethodField'];

/**
 * The value of the method field drawer (schemas/drawers/method-field.schema.json). Drawer schemas are not
 * part of the contract, so codegen emits no type for them; a unit test holds these keys to the schema's.
 */
export interface MethodFieldValue {
  Name: string;
  Type: MethodField['Type'];
  Required?: boolean;
  MaxLength?: number | null;
  DefaultType?: string | null;
  DefaultValue?: string | null;
}

/** A method field as the drawer edits it (spec part 1 §3 'Method field: name, type, validation, default'). */
export function toMethodFieldValue(field: MethodField): MethodFieldValue {
  const value: MethodFieldValue = { Name: field.Name ?? '', Type: field.Type };
  if (field.Validation?.Required) value.Required = true;
  if (typeof field.Validation?.Max === 'number') value.MaxLength = field.Validation.Max;
  if (field.Default?.Type) {
    value.DefaultType = field.Default.Type;
    if (field.Default.Value !== undefined && field.Default.Value !== null)
      value.DefaultValue = String(field.Default.Value);
  }
  return value;
}

/** The drawer's value back as a method field; what the drawer does not edit is kept. */
export function fromMethodFieldValue(value: MethodFieldValue, original: MethodField | null): MethodField {
  const { Validation: validation, Default: _default, ...kept } = original ?? ({} as Partial<MethodField>);
  const field: MethodField = { ...kept, Name: value.Name, Type: value.Type };
  const nextValidation = { ...validation };
  delete nextValidation.Required;
  delete nextValidation.Max;
  if (value.Required) nextValidation.Required = true;
  if (typeof value.MaxLength === 'number') nextValidation.Max = value.MaxLength;
  if (Object.keys(nextValidation).length > 0) field.Validation = nextValidation;
  if (value.DefaultType) {
    const stored = storedDefault(value.Type, value.DefaultValue);
    field.Default = { Type: value.DefaultType, ...(stored !== undefined ? { Value: stored } : {}) };
  }
  return field;
}
