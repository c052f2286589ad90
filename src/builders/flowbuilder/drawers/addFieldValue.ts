import type { FlowField, FlowMapping } from '../../../domain/flow/types';
import type { FunctionLink } from '../formFields/FunctionLinkField';

/** The add field drawer's value (schemas/drawers/flow-add-field): a FlowField with its function as one link. */
export interface AddFieldValue {
  Name: string;
  Type: string | null;
  AddType: FlowField['AddType'];
  Value: FlowField['Value'];
  Function: FunctionLink | null;
  Mapping: FlowMapping[];
}

export function toAddFieldValue(field: FlowField): AddFieldValue {
  return {
    Name: field.Name ?? '',
    Type: field.Type ?? null,
    AddType: field.AddType ?? null,
    Value: field.Value ?? null,
    Function: field.FunctionGuid ? { Guid: field.FunctionGuid, Name: field.FunctionName ?? null } : null,
    Mapping: field.Mapping ?? [],
  };
}

/** The edited field, keeping what the drawer does not show. */
export function fromAddFieldValue(value: AddFieldValue, original: FlowField): FlowField {
  return {
    ...original,
    Name: value.Name,
    Type: value.Type,
    AddType: value.AddType,
    Value: value.Value ?? null,
    FunctionGuid: value.Function?.Guid ?? null,
    FunctionName: value.Function?.Name ?? null,
    Mapping: value.Mapping,
  };
}

/** A new value kind starts without a value; another function starts without a mapping. */
export function normalizeAddField(next: AddFieldValue, previous: AddFieldValue): AddFieldValue {
  if (next.AddType !== previous.AddType) return { ...next, Value: null };
  if (next.Function?.Guid !== previous.Function?.Guid) return { ...next, Mapping: [] };
  return next;
}
