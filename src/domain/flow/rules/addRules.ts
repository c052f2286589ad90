import type { FieldError } from '../../../validation/fieldErrors';
import { unmappedRequiredInputs } from '../../rules/mapping';
import { valueFormatError } from '../../rules/typeFormats';
import { flowType, staticAllowed, systemValuesFor } from '../fieldTypes';
import type { FlowBlock, FlowField } from '../types';
import { type BlockRule, type BlockRuleContext, blank, problem } from './context';
import { mappedInputs, mappingErrors } from './mappingRules';
import { fieldNameErrors } from './nameRules';
import { fieldTypeErrors } from './startRules';

/** The function default of an added field (spec part 2 §5 'Flow blocks' Add: "a function default with its mapping"). */
function functionErrors(
  block: FlowBlock,
  at: string,
  field: FlowField,
  context: BlockRuleContext,
): FieldError[] {
  if (blank(field.FunctionGuid))
    return [problem(block, `${at}/FunctionGuid`, 'fb.flowErrors.functionNotChosen', { name: field.Name })];
  const fn = context.lookups.functions.get(field.FunctionGuid!);
  if (!fn)
    return [problem(block, `${at}/FunctionGuid`, 'fb.flowErrors.functionNotFound', { name: field.Name })];
  const errors: FieldError[] = [];
  const output = fn.Output?.Type;
  if (flowType(output) !== flowType(field.Type))
    errors.push(
      problem(block, `${at}/FunctionGuid`, 'fb.flowErrors.functionTypeMismatch', {
        name: field.Name,
        type: field.Type ?? '?',
        output: output ?? '?',
      }),
    );
  const inputs: FlowField[] = (fn.Input ?? []).map((input) => ({
    Name: input.Name ?? '',
    Type: input.Type ?? null,
    Validation: { IsRequired: input.Validation?.Required === true },
  }));
  const mappings = field.Mapping ?? [];
  for (const input of unmappedRequiredInputs(
    inputs.map((entry) => ({ Name: entry.Name, IsRequired: entry.Validation?.IsRequired })),
    mappedInputs(mappings),
  ))
    errors.push(problem(block, `${at}/Mapping`, 'fb.flowErrors.functionInputNotMapped', { input }));
  errors.push(...mappingErrors(block, `${at}/Mapping`, mappings, inputs, context.scope));
  return errors;
}

/**
 * Add block (spec part 2 §5 'Flow blocks' Add): type; default kind and value; a function default with
 * its mapping; a name unique also against flow variables. Static is possible only for types that allow it
 * and a system value only where the DefaultValueTypes setting permits the type (part 2 §2 drawer 4).
 */
export const addRules: BlockRule = (block, context) => {
  const fields = block.Config?.Fields ?? [];
  const errors = fieldNameErrors(block, '/Config/Fields', fields);
  const defaults = context.lookups.defaultValueTypes;
  fields.forEach((field, index) => {
    const at = `/Config/Fields/${index}`;
    if (context.scope.has(field.Name))
      errors.push(
        problem(block, `${at}/Name`, 'fb.flowErrors.fieldNameClashesWithFlow', { name: field.Name }),
      );
    const typeErrors = fieldTypeErrors(block, at, field);
    errors.push(...typeErrors);
    if (typeErrors.length > 0) return;
    const type = field.Type!;
    switch (field.AddType) {
      case 'Static':
        if (!staticAllowed(type, defaults))
          errors.push(problem(block, `${at}/AddType`, 'fb.flowErrors.staticNotAllowed', { type }));
        else if (valueFormatError(flowType(type)!, field.Value) !== null)
          errors.push(
            problem(block, `${at}/Value`, 'fb.flowErrors.staticValueInvalid', { name: field.Name, type }),
          );
        break;
      case 'System':
        if (blank(field.Value))
          errors.push(problem(block, `${at}/Value`, 'fb.flowErrors.systemValueNotSet', { name: field.Name }));
        else if (!systemValuesFor(type, defaults).some((item) => item.Key === field.Value))
          errors.push(
            problem(block, `${at}/Value`, 'fb.flowErrors.systemValueNotAllowed', {
              value: String(field.Value),
              type,
            }),
          );
        break;
      case 'Function':
        errors.push(...functionErrors(block, at, field, context));
        break;
      default:
        errors.push(problem(block, `${at}/AddType`, 'fb.flowErrors.addTypeNotSet', { name: field.Name }));
    }
  });
  return errors;
};
