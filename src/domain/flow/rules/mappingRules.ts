import type { FieldError } from '../../../validation/fieldErrors';
import { type MappableField, type MappingProblem, mappingProblems } from '../../rules/mapping';
import type { FieldScope } from '../scope';
import type { FlowBlock, FlowField, FlowMapping } from '../types';
import { blank, type FlowErrorKey, problem } from './context';

/** How a flow field or an input looks to the mapping rules. */
export const asMappable = (field: FlowField): MappableField => ({
  Type: field.Type,
  MaxLength: typeof field.Validation?.MaxLength === 'number' ? field.Validation.MaxLength : null,
  IsRequired: field.Validation?.IsRequired === true,
});

export const findField = (fields: readonly FlowField[], name: string | null | undefined) => {
  if (!name) return undefined;
  const wanted = name.toLowerCase();
  return fields.find((field) => field.Name.toLowerCase() === wanted);
};

const problemKeys = {
  type: 'fb.flowErrors.mappingTypeMismatch',
  maxLength: 'fb.flowErrors.mappingMaxLength',
  required: 'fb.flowErrors.mappingRequiredFromOptional',
} as const satisfies Record<MappingProblem, FlowErrorKey>;

/**
 * Mappings of flow fields into inputs (spec part 2 §5 'Flow blocks' Read: "Mappings valid: input exists,
 * type, required-to-optional, max length"; 'Mapping and comparison'). Unmapped entries are skipped.
 */
export function mappingErrors(
  block: FlowBlock,
  path: string,
  mappings: readonly FlowMapping[],
  inputs: readonly FlowField[],
  scope: FieldScope,
): FieldError[] {
  const errors: FieldError[] = [];
  mappings.forEach((mapping, index) => {
    if (blank(mapping.From)) return;
    const at = `${path}/${index}`;
    const source = scope.get(mapping.From);
    const target = findField(inputs, mapping.To);
    if (!source)
      errors.push(
        problem(block, `${at}/From`, 'fb.flowErrors.mappingSourceMissing', { name: mapping.From! }),
      );
    if (!target)
      errors.push(problem(block, `${at}/To`, 'fb.flowErrors.mappingTargetMissing', { name: mapping.To }));
    if (!source || !target) return;
    // A flow variable's length is checked where its value is produced, so an unbounded one fits.
    for (const code of mappingProblems(asMappable(source), asMappable(target), { unboundedFits: true })) {
      errors.push(
        problem(block, at, problemKeys[code], {
          from: source.Name,
          fromType: source.Type ?? '?',
          to: target.Name,
          toType: target.Type ?? '?',
        }),
      );
    }
  });
  return errors;
}

/** Names of the inputs a mapping list fills. */
export const mappedInputs = (mappings: readonly FlowMapping[]) =>
  new Set(mappings.filter((mapping) => !blank(mapping.From)).map((mapping) => mapping.To));
