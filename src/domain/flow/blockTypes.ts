import { warnFlow } from './errors';
import { readRules, writeRules } from './rules/actionRules';
import { addRules } from './rules/addRules';
import type { BlockRule } from './rules/context';
import { problem } from './rules/context';
import { checkRules, configRules, errorRules, externalRules, noRules, resultRules } from './rules/otherRules';
import { startRules } from './rules/startRules';
import type { FieldScope } from './scope';
import type { BlockConfig, BlockType, Exit, FlowBlock, FlowField, HttpMethod } from './types';

/**
 * What a block is (spec part 2 §4 'Block kinds': start and result are fixed ends; close and error end a
 * path; check splits into true and false).
 */
export type BlockRole = 'start' | 'step' | 'conditional' | 'result' | 'end';

/** One block type: how it is made, linked, named on the canvas, what fields it adds and its rules. */
export interface BlockTypeDefinition {
  type: string;
  /** The name on the canvas and in texts: 'READ'. */
  label: string;
  /** What it does, in the choose-new-block drawer. */
  description: string;
  role: BlockRole;
  /** Offered by the choose-new-block drawer (spec part 2 §2 drawer 6: ADD, CHECK, READ, WRITE). */
  addable: boolean;
  /** Whether the flow method allows adding it (WRITE is disabled when the flow method is get). */
  allowedFor?(method: HttpMethod): boolean;
  deletable: boolean;
  exits: readonly Exit[];
  createConfig(): BlockConfig;
  /** The flow fields (variables) the block adds for the blocks after it. */
  variables(block: FlowBlock): FlowField[];
  /** A block type whose output follows from its config or from what is visible upstream recomputes it here. */
  deriveOutput?(block: FlowBlock, scope: FieldScope): FlowField[];
  rules: BlockRule;
  /** One line on the node. */
  summary(block: FlowBlock): string;
}

const none = (): FlowField[] => [];
/**
 * A block's variables, kept with the block object: blocks are never changed in place (src/domain/flow/graph.ts
 * answers new ones), and every validation run and output recomputation walks the same blocks again.
 */
function perBlock(variables: (block: FlowBlock) => FlowField[]): (block: FlowBlock) => FlowField[] {
  const kept = new WeakMap<FlowBlock, FlowField[]>();
  return (block) => {
    let fields = kept.get(block);
    if (!fields) {
      fields = variables(block);
      kept.set(block, fields);
    }
    return fields;
  };
}

const asVariables = perBlock((block) =>
  (block.Output ?? []).map((field) => (field.Alias ? { ...field, Name: field.Alias } : field)),
);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const startVariables = perBlock((block) => {
  const fields = block.Config?.Fields ?? [];
  // A field checked against a function list also brings the list's fields it returns, under their aliases.
  const returned = fields.flatMap((field) =>
    (field.Validation?.FunctionList?.Fields ?? [])
      .filter((entry) => entry.Alias)
      .map((entry): FlowField => ({ Name: entry.Alias!, Type: entry.Type ?? null })),
  );
  return returned.length > 0 ? [...fields, ...returned] : fields;
});

/** Added fields always hold a value (static, system or function), so they count as required when mapped. */
const addVariables = perBlock((block) =>
  (block.Config?.Fields ?? []).map((field) => ({
    ...field,
    Validation: { ...field.Validation, IsRequired: true },
  })),
);

/** The result's output: every visible field for full output, else the chosen fields that still exist. */
const resultOutput = (block: FlowBlock, scope: FieldScope): FlowField[] => {
  if (block.Config?.FullOutput === true)
    return scope.fields().map((field) => ({ Name: field.Name, Alias: field.Name, Type: field.Type ?? null }));
  return (block.Output ?? []).flatMap((field) => {
    const visible = scope.get(field.Name);
    if (!visible) return [];
    return visible.Type === field.Type ? [field] : [{ ...field, Type: visible.Type ?? null }];
  });
};

/** The one registry of block types, defined once (spec part 2 §3 'Block types'). */
export const blockTypes: Record<BlockType, BlockTypeDefinition> = {
  start: {
    type: 'start',
    label: 'START',
    description: 'The request: the flow’s input fields.',
    role: 'start',
    addable: false,
    deletable: false,
    exits: ['Out'],
    createConfig: () => ({ Fields: [] }),
    variables: startVariables,
    deriveOutput: (block) => block.Config?.Fields ?? [],
    rules: startRules,
    summary: (block) => count(block.Config?.Fields?.length ?? 0, 'input field', 'input fields'),
  },
  add: {
    type: 'add',
    label: 'ADD',
    description: 'Add fields with a static, system or function value.',
    role: 'step',
    addable: true,
    deletable: true,
    exits: ['Out'],
    createConfig: () => ({ Fields: [] }),
    variables: addVariables,
    deriveOutput: (block) => block.Config?.Fields ?? [],
    rules: addRules,
    summary: (block) => {
      const names = (block.Config?.Fields ?? []).map((field) => field.Name);
      return names.length === 0 ? 'no fields' : names.join(', ');
    },
  },
  check: {
    type: 'check',
    label: 'CHECK',
    description: 'Go on only when the conditions hold; otherwise end with an error or close.',
    role: 'conditional',
    addable: true,
    deletable: true,
    exits: ['Out', 'False'],
    createConfig: () => ({ Groups: [] }),
    variables: none,
    rules: checkRules,
    summary: (block) => count(block.Config?.Groups?.length ?? 0, 'condition group', 'condition groups'),
  },
  config: {
    type: 'config',
    label: 'CONFIG',
    description: 'Configuration for the Script Service.',
    role: 'step',
    addable: false,
    deletable: true,
    exits: ['Out'],
    createConfig: () => ({ Properties: null, InputMapping: null, Config: null }),
    variables: none,
    rules: configRules,
    summary: (block) => block.Config?.ClassName || block.Config?.FunctionName || 'JSON configuration',
  },
  read: {
    type: 'read',
    label: 'READ',
    description: 'Read records through a document or method.',
    role: 'step',
    addable: true,
    deletable: true,
    exits: ['Out'],
    createConfig: () => ({ Action: null, Mapping: [], Filters: [], Sorting: [], FirstMatch: false }),
    variables: asVariables,
    rules: readRules,
    summary: (block) => block.Config?.Action?.Name || 'no action chosen',
  },
  write: {
    type: 'write',
    label: 'WRITE',
    description: 'Write records through a document or method.',
    role: 'step',
    addable: true,
    allowedFor: (method) => method !== 'GET',
    deletable: true,
    exits: ['Out'],
    createConfig: () => ({ Action: null, Mapping: [] }),
    variables: asVariables,
    rules: writeRules,
    summary: (block) => block.Config?.Action?.Name || 'no action chosen',
  },
  external: {
    type: 'external',
    label: 'EXTERNAL',
    description: 'Call an external connector method.',
    role: 'step',
    addable: false,
    deletable: true,
    exits: ['Out'],
    createConfig: () => ({ MethodGuid: null, MethodName: null, Mapping: [] }),
    variables: asVariables,
    rules: externalRules,
    summary: (block) => block.Config?.MethodName || 'no connector chosen',
  },
  result: {
    type: 'result',
    label: 'RESULT',
    description: 'What the flow answers.',
    role: 'result',
    addable: false,
    deletable: false,
    exits: ['Out'],
    createConfig: () => ({ IsArray: false, IgnoreNulls: false, FullOutput: false }),
    variables: none,
    deriveOutput: resultOutput,
    rules: resultRules,
    summary: (block) =>
      block.Config?.FullOutput ? 'full output' : count(block.Output?.length ?? 0, 'field', 'fields'),
  },
  error: {
    type: 'error',
    label: 'ERROR',
    description: 'End the path with an error code.',
    role: 'end',
    addable: false,
    deletable: false,
    exits: [],
    createConfig: () => ({ ErrorCode: null, ErrorMessage: null }),
    variables: none,
    rules: errorRules,
    summary: (block) => block.Config?.ErrorCode || 'no error code',
  },
  close: {
    type: 'close',
    label: 'CLOSE',
    description: 'End the path.',
    role: 'end',
    addable: false,
    deletable: false,
    exits: [],
    createConfig: () => ({}),
    variables: none,
    rules: noRules,
    summary: () => '',
  },
};

/** What an unregistered type is drawn and checked as: a step that reports itself (fallback, like xyflow's). */
export const unknownBlockType: BlockTypeDefinition = {
  type: 'unknown',
  label: '?',
  description: 'A block type this console does not know.',
  role: 'step',
  addable: false,
  deletable: true,
  exits: ['Out', 'False'],
  createConfig: () => ({}),
  variables: none,
  rules: (block) => [problem(block, '/Type', 'fb.flowErrors.unknownBlockType', { type: String(block.Type) })],
  summary: () => 'unknown block type',
};

/** The definition of a block type; an unregistered type falls back to `unknownBlockType` (error FLOW001). */
export function blockType(type: string): BlockTypeDefinition {
  if (Object.hasOwn(blockTypes, type)) return blockTypes[type as BlockType];
  warnFlow('FLOW001', type);
  return unknownBlockType;
}

/** Block types the choose-new-block drawer offers, in its order (spec part 2 §2 drawer 6). */
export const addableTypes = (['add', 'check', 'read', 'write'] as const).filter(
  (type) => blockTypes[type].addable,
);
