import { blockType } from './blockTypes';
import { flowError } from './errors';
import { type FieldScope, ScopeStack } from './scope';
import type { BlockType, Exit, FlowBlock, FlowGraph } from './types';

/**
 * The flow graph, framework-free (spec part 2 §3 'Block', §4 'New flow', 'Adding a block', 'Deleting a
 * block', 'Block kinds'). Every function is pure: it answers a new graph and keeps the objects of blocks
 * it did not change, so memoized canvas nodes of untouched blocks do not redraw.
 */

export const exitsOf = (block: FlowBlock, exit: Exit): readonly string[] => block[exit] ?? [];

/** Blocks by guid. */
export function blockIndex(graph: FlowGraph): Map<string, FlowBlock> {
  return new Map((graph.Blocks ?? []).map((block) => [block.Guid, block]));
}

export function findBlock(graph: FlowGraph, guid: string): FlowBlock {
  const block = graph.Blocks?.find((candidate) => candidate.Guid === guid);
  if (!block) throw flowError('FLOW002', guid);
  return block;
}

/** A link of the graph: from a block's exit to a block (OUT or FALSE). */
export interface FlowLink {
  id: string;
  from: string;
  to: string;
  exit: Exit;
}

export const linkId = (from: string, to: string, exit: Exit) => `${from}>${exit}>${to}`;

/** Every link, in block order. */
export function flowLinks(graph: FlowGraph): FlowLink[] {
  const links: FlowLink[] = [];
  for (const block of graph.Blocks ?? []) {
    for (const exit of ['Out', 'False'] as const) {
      for (const to of exitsOf(block, exit))
        links.push({ id: linkId(block.Guid, to, exit), from: block.Guid, to, exit });
    }
  }
  return links;
}

type NewGuid = () => string;
const randomGuid: NewGuid = () => crypto.randomUUID();

/** A new block of a type with its default configuration and no links. */
export function createBlock(type: BlockType, guid: string): FlowBlock {
  return {
    Type: type,
    Guid: guid,
    Position: { X: 0, Y: 0 },
    In: [],
    Out: [],
    False: [],
    Output: [],
    Config: blockType(type).createConfig(),
  };
}

/**
 * A new flow's graph: START → RESULT → CLOSE; a script flow also gets a CONFIG block after START, and its
 * result's full output is set (spec part 2 §4 'New flow').
 */
export function newFlowGraph(options: { isScript: boolean; newGuid?: NewGuid }): FlowGraph {
  const newGuid = options.newGuid ?? randomGuid;
  const chain: FlowBlock[] = [
    createBlock('start', newGuid()),
    ...(options.isScript ? [createBlock('config', newGuid())] : []),
    createBlock('result', newGuid()),
    createBlock('close', newGuid()),
  ];
  const blocks = chain.map((block, index) => ({
    ...block,
    In: index > 0 ? [chain[index - 1]!.Guid] : [],
    Out: index < chain.length - 1 ? [chain[index + 1]!.Guid] : [],
  }));
  const result = blocks.find((block) => block.Type === 'result')!;
  if (options.isScript) result.Config = { ...result.Config, FullOutput: true };
  return { Blocks: blocks, StartBlock: blocks[0]!.Guid, ResultBlock: result.Guid, Settings: [] };
}

const replaceIn = (list: readonly string[], from: string, to: readonly string[]) =>
  list.flatMap((guid) => (guid === from ? to : [guid]));

/** The terminal a conditional block's false exit gets (spec part 2 §4: "an ERROR or CLOSE block"). */
export type FalseExitEnd = 'error' | 'close';

/**
 * Inserts a new block on the link `from → to` (spec part 2 §4: "Adding a block between two blocks rewires
 * their IN, OUT and FALSE links. A conditional block also gets an ERROR or CLOSE block on its false exit").
 * Answers the new graph and the new block's guid.
 */
export function insertBlock(
  graph: FlowGraph,
  link: { from: string; to: string; exit: Exit },
  type: BlockType,
  options: { falseExit?: FalseExitEnd; newGuid?: NewGuid } = {},
): { graph: FlowGraph; guid: string } {
  const definition = blockType(type);
  // The fixed ends (start, result, close, error) come with the flow or with a check's false exit.
  if (!['step', 'conditional'].includes(definition.role)) throw flowError('FLOW005', type);
  const newGuid = options.newGuid ?? randomGuid;
  const from = findBlock(graph, link.from);
  if (!exitsOf(from, link.exit).includes(link.to)) throw flowError('FLOW003', link.from, link.to, link.exit);
  const to = findBlock(graph, link.to);
  const guid = newGuid();
  const added: FlowBlock[] = [];
  const block: FlowBlock = { ...createBlock(type, guid), In: [from.Guid], Out: [to.Guid] };
  added.push(block);
  if (definition.exits.includes('False')) {
    const end = { ...createBlock(options.falseExit ?? 'error', newGuid()), In: [guid] };
    block.False = [end.Guid];
    added.push(end);
  }
  const blocks: FlowBlock[] = [];
  for (const candidate of graph.Blocks ?? []) {
    let next = candidate;
    if (candidate.Guid === from.Guid) {
      next = { ...next, [link.exit]: replaceIn(exitsOf(candidate, link.exit), to.Guid, [guid]) };
    }
    if (candidate.Guid === to.Guid) next = { ...next, In: replaceIn(next.In ?? [], from.Guid, [guid]) };
    blocks.push(next);
    if (candidate.Guid === from.Guid) blocks.push(...added);
  }
  return { graph: recomputeOutputs({ ...graph, Blocks: blocks }), guid };
}

/** Guids reachable from `roots` along OUT and FALSE links. */
export function reachableFrom(graph: FlowGraph, roots: readonly string[]): Set<string> {
  const index = blockIndex(graph);
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const guid = stack.pop()!;
    if (seen.has(guid)) continue;
    const block = index.get(guid);
    if (!block) continue;
    seen.add(guid);
    stack.push(...exitsOf(block, 'Out'), ...exitsOf(block, 'False'));
  }
  return seen;
}

/** Blocks that go with a block when it is deleted: everything on its false path (spec part 2 §4 'Block kinds'). */
export function falsePathOf(graph: FlowGraph, guid: string): Set<string> {
  return reachableFrom(graph, exitsOf(findBlock(graph, guid), 'False'));
}

/**
 * Deletes a block and re-links its neighbours: what pointed at it points at its OUT blocks, and they take
 * its IN blocks; its false path goes with it. Downstream output fields are recomputed (spec part 2 §4
 * "Deleting a block re-links its neighbours, and downstream output fields are recomputed").
 */
export function deleteBlock(graph: FlowGraph, guid: string): FlowGraph {
  const block = findBlock(graph, guid);
  if (!blockType(block.Type).deletable) throw flowError('FLOW004', block.Type);
  const ins = block.In ?? [];
  const outs = exitsOf(block, 'Out');
  const gone = falsePathOf(graph, guid);
  gone.add(guid);
  const blocks: FlowBlock[] = [];
  for (const candidate of graph.Blocks ?? []) {
    if (gone.has(candidate.Guid)) continue;
    let next = candidate;
    if (ins.includes(candidate.Guid)) {
      next = {
        ...next,
        Out: replaceIn(exitsOf(next, 'Out'), guid, outs),
        False: replaceIn(exitsOf(next, 'False'), guid, outs),
      };
    }
    if (outs.includes(candidate.Guid)) next = { ...next, In: replaceIn(next.In ?? [], guid, ins) };
    blocks.push(next);
  }
  return recomputeOutputs({ ...graph, Blocks: blocks });
}

/** Replaces one block (by guid) and recomputes downstream outputs. */
export function updateBlock(
  graph: FlowGraph,
  guid: string,
  change: (block: FlowBlock) => FlowBlock,
): FlowGraph {
  findBlock(graph, guid);
  return recomputeOutputs({
    ...graph,
    Blocks: (graph.Blocks ?? []).map((block) => (block.Guid === guid ? change(block) : block)),
  });
}

type Undo = ReturnType<ScopeStack['push']>;

/**
 * Walks the graph depth-first from the start block along OUT then FALSE links, calling `visit` with the
 * flow fields visible at each block (those of the blocks upstream on its path). Each block is visited
 * once. Iterative, so long flows do not exhaust the stack; O(blocks + fields).
 */
export function walkFlow(
  graph: FlowGraph,
  visit: (block: FlowBlock, scope: FieldScope) => FlowBlock | undefined,
): Set<string> {
  const index = blockIndex(graph);
  const start = graph.StartBlock ?? graph.Blocks?.find((block) => block.Type === 'start')?.Guid;
  const visited = new Set<string>();
  if (!start || !index.has(start)) return visited;
  const scope = new ScopeStack();
  // A frame is a block to enter (its guid) or the scope changes to undo on leaving one.
  const stack: Array<string | Undo> = [start];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (typeof frame !== 'string') {
      scope.pop(frame);
      continue;
    }
    if (visited.has(frame)) continue;
    const block = index.get(frame);
    if (!block) continue;
    visited.add(frame);
    const current = visit(block, scope) ?? block;
    stack.push(scope.push(blockType(current.Type).variables(current)));
    // Pushed in reverse so OUT is walked before FALSE.
    const out = exitsOf(current, 'Out');
    const otherwise = exitsOf(current, 'False');
    for (let i = otherwise.length - 1; i >= 0; i--) stack.push(otherwise[i]!);
    for (let i = out.length - 1; i >= 0; i--) stack.push(out[i]!);
  }
  return visited;
}

/** The flow fields visible at a block: those of the blocks on its path from the start block. */
export function fieldsAt(graph: FlowGraph, guid: string): FieldScope {
  const index = blockIndex(graph);
  const path: FlowBlock[] = [];
  const seen = new Set<string>([guid]);
  for (let current = index.get(index.get(guid)?.In?.[0] ?? ''); current; ) {
    if (seen.has(current.Guid)) break;
    seen.add(current.Guid);
    path.unshift(current);
    current = index.get(current.In?.[0] ?? '');
  }
  const scope = new ScopeStack();
  for (const block of path) scope.push(blockType(block.Type).variables(block));
  return scope;
}

/**
 * Recomputes each block's output from what is visible upstream (spec part 2 §4): a block type that
 * derives its output (start and add mirror their fields, result takes every field for full output and
 * drops fields that no longer exist) answers a new list; unchanged blocks keep their objects.
 */
export function recomputeOutputs(graph: FlowGraph): FlowGraph {
  let changed = false;
  const replaced = new Map<string, FlowBlock>();
  walkFlow(graph, (block, scope) => {
    const derive = blockType(block.Type).deriveOutput;
    if (!derive) return undefined;
    const output = derive(block, scope);
    if (sameFields(output, block.Output ?? [])) return undefined;
    const next = { ...block, Output: output };
    replaced.set(block.Guid, next);
    changed = true;
    return next;
  });
  if (!changed) return graph;
  return { ...graph, Blocks: (graph.Blocks ?? []).map((block) => replaced.get(block.Guid) ?? block) };
}

function sameFields(a: NonNullable<FlowBlock['Output']>, b: NonNullable<FlowBlock['Output']>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((field, index) => field === b[index] || JSON.stringify(field) === JSON.stringify(b[index]));
}
