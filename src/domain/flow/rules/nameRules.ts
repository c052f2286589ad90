import type { FieldError } from '../../../validation/fieldErrors';
import { cleanName, duplicateIndexes, nameError } from '../../rules/names';
import type { FlowBlock, FlowField } from '../types';
import { problem } from './context';

const fieldNameKeys = {
  empty: 'fb.flowErrors.fieldNameEmpty',
  short: 'fb.flowErrors.fieldNameIsShort',
  space: 'fb.flowErrors.fieldNameContainsSpace',
} as const;

type FieldNameKey = (typeof fieldNameKeys)[keyof typeof fieldNameKeys];

/**
 * Names of a block's fields (spec part 2 §5 'Names': field names are unique within a parent, ignoring
 * case; nested names hold letters, digits, underscore and dot; §5 'Flow blocks' Start: unique names, no
 * spaces, 2+ characters). The last segment of a dotted name is checked for length and spaces.
 */
export function fieldNameErrors(block: FlowBlock, path: string, fields: readonly FlowField[]): FieldError[] {
  const errors: FieldError[] = [];
  fields.forEach((field, index) => {
    const name = field.Name ?? '';
    const leaf = name.slice(name.lastIndexOf('.') + 1);
    // nameError answers one of the keys it was given.
    const broken = nameError(leaf, fieldNameKeys) as FieldNameKey | null;
    if (broken) errors.push(problem(block, `${path}/${index}/Name`, broken));
    else if (cleanName('nested', name) !== name)
      errors.push(problem(block, `${path}/${index}/Name`, 'fb.flowErrors.fieldNameInvalid'));
  });
  for (const index of duplicateIndexes(fields, (field) => field.Name)) {
    errors.push(
      problem(block, `${path}/${index}/Name`, 'fb.flowErrors.fieldNameNotUnique', {
        name: fields[index]!.Name,
      }),
    );
  }
  return errors;
}
