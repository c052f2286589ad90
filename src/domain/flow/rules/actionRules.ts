import type { FieldError } from '../../../validation/fieldErrors';
import { unmappedRequiredInputs } from '../../rules/mapping';
import { duplicateIndexes } from '../../rules/names';
import { writeMethodOf } from '../runtime/writeMethod';
import { scopeOf } from '../scope';
import type { FlowBlock, FlowField } from '../types';
import { conditionGroupErrors } from './conditionRules';
import { type BlockRule, type BlockRuleContext, blank, problem } from './context';
import { findField, mappedInputs, mappingErrors } from './mappingRules';

/**
 * Output fields with aliases (spec part 2 §5 'Flow blocks' Read: "Output aliases set, unique and not
 * clashing with flow variables. Output fields exist").
 */
export function outputErrors(
  block: FlowBlock,
  available: readonly FlowField[],
  context: BlockRuleContext,
): FieldError[] {
  const errors: FieldError[] = [];
  const output = block.Output ?? [];
  output.forEach((field, index) => {
    const at = `/Output/${index}`;
    if (!findField(available, field.Name))
      errors.push(problem(block, `${at}/Name`, 'fb.flowErrors.outputFieldMissing', { name: field.Name }));
    if (blank(field.Alias))
      errors.push(problem(block, `${at}/Alias`, 'fb.flowErrors.outputAliasEmpty', { name: field.Name }));
    else if (context.scope.has(field.Alias))
      errors.push(
        problem(block, `${at}/Alias`, 'fb.flowErrors.outputAliasClashesWithFlow', { alias: field.Alias! }),
      );
  });
  for (const index of duplicateIndexes(output, (field) => field.Alias))
    errors.push(
      problem(block, `/Output/${index}/Alias`, 'fb.flowErrors.outputAliasNotUnique', {
        alias: output[index]!.Alias ?? '',
      }),
    );
  return errors;
}

/** Required inputs neither mapped nor defaulted (spec part 2 §5 'Mapping and comparison'). */
export function requiredInputErrors(
  block: FlowBlock,
  inputs: readonly FlowField[],
  mapped: ReadonlySet<string>,
) {
  return unmappedRequiredInputs(
    inputs.map((input) => ({
      Name: input.Name,
      IsRequired: input.Validation?.IsRequired,
      HasDefault: !blank(input.Default?.Type),
    })),
    mapped,
  ).map((name) => problem(block, '/Config/Mapping', 'fb.flowErrors.requiredInputNotMapped', { name }));
}

const directions = ['ASC', 'DESC'];

function actionRules(mode: 'read' | 'write'): BlockRule {
  return (block, context) => {
    const config = block.Config ?? {};
    const guid = config.Action?.Guid;
    if (blank(guid)) return [problem(block, '/Config/Action', 'fb.flowErrors.actionNotChosen')];
    const action = context.lookups.actions.get(guid!);
    if (!action) return [problem(block, '/Config/Action', 'fb.flowErrors.actionNotFound')];
    const inputs = action.Input ?? [];
    const outputs = action.Output ?? [];
    const mappings = config.Mapping ?? [];
    const mapped = mappedInputs(mappings);
    const errors = mappingErrors(block, '/Config/Mapping', mappings, inputs, context.scope);
    // A connection method takes its inputs as they are; documents are read and written by key.
    const keys = inputs.filter((input) => input.IsKey === true);
    if (
      action.Type !== 'Method' &&
      keys.length > 0 &&
      !keys.some((key) => [...mapped].some((name) => name.toLowerCase() === key.Name.toLowerCase()))
    )
      errors.push(problem(block, '/Config/Mapping', 'fb.flowErrors.keyFieldNotMapped'));
    if (mode === 'write') {
      if (action.IsReadOnly === true)
        errors.push(problem(block, '/Config/Action', 'fb.flowErrors.actionReadOnly', { name: action.Name }));
      errors.push(...requiredInputErrors(block, inputs, mapped));
      if (mapped.size < 2) errors.push(problem(block, '/Config/Mapping', 'fb.flowErrors.tooFewFieldsMapped'));
      // The method is one of the writing action methods, or none (an upsert; runtime/writeMethod.ts).
      if (!blank(config.Method) && !writeMethodOf(config.Method))
        errors.push(
          problem(block, '/Config/Method', 'fb.flowErrors.writeMethodInvalid', { method: config.Method! }),
        );
    }
    errors.push(
      ...conditionGroupErrors(block, '/Config/Filters', config.Filters ?? [], {
        fields: scopeOf(outputs),
        compare: context.scope,
        requireGroup: false,
      }),
    );
    (config.Sorting ?? []).forEach((sort, index) => {
      const at = `/Config/Sorting/${index}`;
      if (!findField(outputs, sort.Name))
        errors.push(problem(block, `${at}/Name`, 'fb.flowErrors.sortFieldMissing', { name: sort.Name }));
      if (!directions.includes(sort.Direction ?? ''))
        errors.push(problem(block, `${at}/Direction`, 'fb.flowErrors.sortDirectionInvalid'));
    });
    errors.push(...outputErrors(block, outputs, context));
    return errors;
  };
}

/**
 * Read block (spec part 2 §5 'Flow blocks' Read): a chosen, existing action; a key field mapped unless it
 * is a connection method; mappings valid; filter conditions; sorting ASC or DESC on existing fields;
 * output aliases set, unique, not clashing; output fields exist.
 */
export const readRules: BlockRule = actionRules('read');

/**
 * Write block (part 2 §5 'Flow blocks' Write): like read, plus required fields mapped and at least two
 * fields mapped, and an action that can be written (not a document over a view; issue 30 point 2).
 */
export const writeRules: BlockRule = actionRules('write');
