import type { FieldError } from '../../../validation/fieldErrors';
import { duplicateIndexes, nameError } from '../../rules/names';
import { outputErrors, requiredInputErrors } from './actionRules';
import { conditionGroupErrors } from './conditionRules';
import { type BlockRule, blank, problem } from './context';
import { mappedInputs, mappingErrors } from './mappingRules';

/** External block (spec part 2 §5 'Flow blocks' External): connector chosen and existing; all required fields mapped; mappings valid. */
export const externalRules: BlockRule = (block, context) => {
  const config = block.Config ?? {};
  if (blank(config.MethodGuid))
    return [problem(block, '/Config/MethodGuid', 'fb.flowErrors.connectorNotChosen')];
  const connector = context.lookups.connectors.get(config.MethodGuid!);
  if (!connector) return [problem(block, '/Config/MethodGuid', 'fb.flowErrors.connectorNotFound')];
  const inputs = connector.Input ?? [];
  const mappings = config.Mapping ?? [];
  return [
    ...requiredInputErrors(block, inputs, mappedInputs(mappings)),
    ...mappingErrors(block, '/Config/Mapping', mappings, inputs, context.scope),
    ...outputErrors(block, connector.Output ?? [], context),
  ];
};

/**
 * Check block (spec part 2 §5 'Flow blocks' Check): at least one condition group, each non-empty; operator
 * valid for the type; value counts; dynamic offset and unit together; the compared field exists and is
 * comparable; between ordered.
 */
export const checkRules: BlockRule = (block, context) =>
  conditionGroupErrors(block, '/Config/Groups', block.Config?.Groups ?? [], {
    fields: context.scope,
    compare: context.scope,
    requireGroup: true,
  });

/** Error block (spec part 2 §5 'Flow blocks' Error): error_code required. */
export const errorRules: BlockRule = (block) =>
  blank(block.Config?.ErrorCode) ? [problem(block, '/Config/ErrorCode', 'fb.flowErrors.errorCodeEmpty')] : [];

const configProperties = [
  ['Properties', 'properties'],
  ['InputMapping', 'input_mapping'],
  ['Config', 'config'],
] as const;

/** Whether a text parses as JSON. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Config block (spec part 2 §5 'Flow blocks' Config): properties, input_mapping and config are required and valid JSON. */
export const configRules: BlockRule = (block) => {
  const errors: FieldError[] = [];
  for (const [property, name] of configProperties) {
    const text = block.Config?.[property];
    if (blank(text))
      errors.push(problem(block, `/Config/${property}`, 'fb.flowErrors.configJsonEmpty', { name }));
    else if (!isJson(text!))
      errors.push(problem(block, `/Config/${property}`, 'fb.flowErrors.configJsonInvalid', { name }));
  }
  return errors;
};

const aliasKeys = {
  empty: 'fb.flowErrors.aliasEmpty',
  short: 'fb.flowErrors.aliasIsShort',
  space: 'fb.flowErrors.aliasContainsSpace',
} as const;

type AliasKey = (typeof aliasKeys)[keyof typeof aliasKeys];

/**
 * Result block (spec part 2 §5 'Flow blocks' Result): either fields or full output; aliases non-empty,
 * 2+ characters, no spaces, unique; output exists.
 */
export const resultRules: BlockRule = (block, context) => {
  const config = block.Config ?? {};
  const output = block.Output ?? [];
  if (config.FullOutput === true) return [];
  if (output.length === 0) return [problem(block, '/Output', 'fb.flowErrors.resultNoFields')];
  const errors: FieldError[] = [];
  output.forEach((field, index) => {
    const at = `/Output/${index}`;
    if (!context.scope.has(field.Name))
      errors.push(problem(block, `${at}/Name`, 'fb.flowErrors.resultFieldMissing', { name: field.Name }));
    // nameError answers one of the keys it was given.
    const broken = nameError(field.Alias, aliasKeys) as AliasKey | null;
    if (broken)
      errors.push(problem(block, `${at}/Alias`, broken, { name: field.Name, alias: field.Alias ?? '' }));
  });
  for (const index of duplicateIndexes(output, (field) => field.Alias))
    errors.push(
      problem(block, `/Output/${index}/Alias`, 'fb.flowErrors.aliasNotUnique', {
        alias: output[index]!.Alias ?? '',
      }),
    );
  return errors;
};

/** Blocks with nothing to configure (close) have no rules. */
export const noRules: BlockRule = () => [];
