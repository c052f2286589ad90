import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import { cleanName, nameError } from '../rules/names';
import { blockType } from './blockTypes';
import { blockIndex, exitsOf, walkFlow } from './graph';
import { type BlockRuleContext, blank, type FlowErrorKey, problem } from './rules/context';
import type { FlowBlock, FlowLookups, RestMethodFlow } from './types';

const flowProblem = (path: string, key: FlowErrorKey): FieldError => ({
  path,
  messageKey: key,
  message: t(key),
});

const flowNameKeys = {
  empty: 'fb.flowErrors.flowNameEmpty',
  short: 'fb.flowErrors.flowNameIsShort',
} as const;
type FlowNameKey = (typeof flowNameKeys)[keyof typeof flowNameKeys];

/** The flow's own fields (spec part 2 §5 'Names': flow name; a flow belongs to a REST API). */
function flowFieldErrors(flow: RestMethodFlow): FieldError[] {
  const errors: FieldError[] = [];
  // nameError answers one of the keys it was given.
  const broken = nameError(flow.Name, flowNameKeys) as FlowNameKey | null;
  if (broken) errors.push(flowProblem('/Name', broken));
  else if (cleanName('flow', flow.Name) !== flow.Name)
    errors.push(flowProblem('/Name', 'fb.flowErrors.flowNameInvalid'));
  if (blank(flow.Api)) errors.push(flowProblem('/Api', 'fb.flowErrors.apiNotChosen'));
  return errors;
}

/**
 * The graph's own rules (spec part 2 §4 'Block kinds'): one start block, a result block, links that
 * point at blocks, every path ending in close or error, a check with its false exit, every block reached
 * from the start.
 */
function graphErrors(
  blocks: readonly FlowBlock[],
  index: Map<string, FlowBlock>,
  reached: Set<string>,
): FieldError[] {
  const errors: FieldError[] = [];
  const starts = blocks.filter((block) => block.Type === 'start');
  if (starts.length === 0) errors.push(flowProblem('/Flow/Blocks', 'fb.flowErrors.noStartBlock'));
  for (const extra of starts.slice(1))
    errors.push(problem(extra, '/Type', 'fb.flowErrors.multipleStartBlocks'));
  if (!blocks.some((block) => block.Type === 'result'))
    errors.push(flowProblem('/Flow/Blocks', 'fb.flowErrors.noResultBlock'));
  for (const block of blocks) {
    const definition = blockType(block.Type);
    const links = [...exitsOf(block, 'Out'), ...exitsOf(block, 'False')];
    if (links.some((guid) => !index.has(guid)))
      errors.push(problem(block, '/Out', 'fb.flowErrors.linkBroken'));
    if (definition.role !== 'end' && exitsOf(block, 'Out').length === 0)
      errors.push(problem(block, '/Out', 'fb.flowErrors.pathNotEnded'));
    if (
      definition.exits.includes('False') &&
      definition.role === 'conditional' &&
      exitsOf(block, 'False').length === 0
    )
      errors.push(problem(block, '/False', 'fb.flowErrors.falseExitMissing'));
    if (starts.length > 0 && !reached.has(block.Guid))
      errors.push(problem(block, '/In', 'fb.flowErrors.blockNotConnected'));
  }
  return errors;
}

/**
 * Every rule of a flow (spec part 2 §5 'Flow blocks', 'Mapping and comparison', 'Names'), as the
 * validation panel lists them and as the server checks before publish ("Validation failures block
 * publish"). Error paths are /<block guid>/<field> for block errors, so a click can select the block.
 * One depth-first walk: each block's rules see the flow fields of the blocks before it.
 */
export function validateFlow(flow: RestMethodFlow, lookups: FlowLookups): FieldError[] {
  const graph = flow.Flow ?? {};
  const blocks = graph.Blocks ?? [];
  const errors = flowFieldErrors(flow);
  const blockErrors: FieldError[] = [];
  const flowOf = { HttpMethod: flow.HttpMethod, IsScript: flow.IsScript };
  // The walk hands every block the same scope object, so one context serves them all.
  let context: BlockRuleContext | undefined;
  const reached = walkFlow(graph, (block, scope) => {
    context ??= { lookups, flow: flowOf, scope };
    const found = blockType(block.Type).rules(block, context);
    for (let index = 0; index < found.length; index++) blockErrors.push(found[index]!);
    return undefined;
  });
  errors.push(...graphErrors(blocks, blockIndex(graph), reached), ...blockErrors);
  return errors;
}

/** The block an error is about, from its path (/<block guid>/...), if any. */
export function blockOfError(
  error: Pick<FieldError, 'path'>,
  blocks: readonly FlowBlock[],
): FlowBlock | undefined {
  const guid = error.path.split('/')[1];
  return guid ? blocks.find((block) => block.Guid === guid) : undefined;
}
