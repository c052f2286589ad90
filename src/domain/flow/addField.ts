import { flowType, staticAllowed, systemValuesFor } from './fieldTypes';
import type { DefaultValueType, FlowField, FlowFunction } from './types';

/**
 * An added field as saved (spec part 2 §4 'Add-field drawer'): a static or system choice not available
 * for the type is cleared, and a linked function with a different output type is unlinked.
 */
export function normalizeAddField(
  field: FlowField,
  defaults: readonly DefaultValueType[],
  functions: ReadonlyMap<string, FlowFunction>,
): FlowField {
  const type = field.Type;
  if (field.AddType === 'Static' && !staticAllowed(type, defaults))
    return { ...field, AddType: null, Value: null };
  if (field.AddType === 'System' && !systemValuesFor(type, defaults).some((item) => item.Key === field.Value))
    return { ...field, AddType: null, Value: null };
  if (field.AddType === 'Function' && field.FunctionGuid) {
    const fn = functions.get(field.FunctionGuid);
    if (fn && flowType(fn.Output?.Type) !== flowType(type))
      return { ...field, FunctionGuid: null, FunctionName: null, Mapping: [] };
  }
  // Only the chosen kind's parts are kept.
  if (field.AddType !== 'Function') return { ...field, FunctionGuid: null, FunctionName: null, Mapping: [] };
  return { ...field, Value: null };
}
