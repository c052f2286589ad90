import { insertBlock, newFlowGraph, updateBlock } from '../../src/domain/flow/graph';
import type {
  BlockConfig,
  BlockType,
  DefaultValueType,
  ExternalConnector,
  FlowAction,
  FlowBlock,
  FlowField,
  FlowFunction,
  FlowLookups,
  FunctionList,
  HttpMethod,
  RestMethodFlow,
} from '../../src/domain/flow/types';

/**
 * Flows and lookups for the rule tables, the server tests and the bench: small builders over the graph
 * functions, with guids counted so failures read well.
 */

/** The DefaultValueTypes setting as the demo server seeds it (spec part 1 §3 'Field types'). */
export const defaultValueTypes: DefaultValueType[] = [
  { Key: 'NewGuid', Value: 'New GUID', Types: ['Guid'] },
  { Key: 'CurrentDate', Value: 'Current date', Types: ['DateOnly', 'DateTime'] },
  { Key: 'CurrentDateTime', Value: 'Current date and time', Types: ['DateTime'] },
  { Key: 'CurrentUser', Value: 'Current user', Types: ['String', 'Text', 'Guid'] },
  {
    Key: 'StaticValue',
    Value: 'Static value',
    Types: [
      'Boolean',
      'DateOnly',
      'DateTime',
      'Decimal',
      'Guid',
      'Longnumber',
      'Number',
      'String',
      'Text',
      'Password',
    ],
  },
];

export function testLookups(
  parts: {
    actions?: FlowAction[];
    connectors?: ExternalConnector[];
    functions?: FlowFunction[];
    functionLists?: FunctionList[];
  } = {},
): FlowLookups {
  return {
    actions: new Map((parts.actions ?? []).map((action) => [action.Guid, action])),
    connectors: new Map((parts.connectors ?? []).map((connector) => [connector.Guid, connector])),
    functions: new Map((parts.functions ?? []).map((fn) => [fn.Guid, fn])),
    functionLists: parts.functionLists
      ? new Map(parts.functionLists.map((list) => [list.Guid, list]))
      : undefined,
    defaultValueTypes,
  };
}

/** A guid maker counting up: b0001-…, so each test's guids are the same every run. */
export function countingGuids(prefix = 'b') {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}${String(next).padStart(7, '0')}-0000-4000-8000-000000000000`;
  };
}

export interface Step {
  type: BlockType;
  config?: BlockConfig;
  output?: FlowField[];
}

/**
 * A flow START (with `startFields`) → steps in order → RESULT → CLOSE. Answers the flow and the guid of
 * each step, in order.
 */
export function flowOf(
  steps: Step[],
  options: {
    method?: HttpMethod;
    startFields?: FlowField[];
    result?: { config?: BlockConfig; output?: FlowField[] };
    newGuid?: () => string;
  } = {},
): { flow: RestMethodFlow; guids: string[]; start: string; result: string } {
  const newGuid = options.newGuid ?? countingGuids();
  let graph = newFlowGraph({ isScript: false, newGuid });
  const start = graph.StartBlock!;
  const result = graph.ResultBlock!;
  graph = updateBlock(graph, start, (block) => ({ ...block, Config: { Fields: options.startFields ?? [] } }));
  const guids: string[] = [];
  for (const step of steps) {
    const resultBlock = graph.Blocks!.find((block) => block.Guid === result)!;
    const inserted = insertBlock(graph, { from: resultBlock.In![0]!, to: result, exit: 'Out' }, step.type, {
      newGuid,
    });
    graph = updateBlock(inserted.graph, inserted.guid, (block) => ({
      ...block,
      Config: { ...block.Config, ...step.config },
      ...(step.output ? { Output: step.output } : {}),
    }));
    guids.push(inserted.guid);
  }
  if (options.result)
    graph = updateBlock(graph, result, (block) => ({
      ...block,
      Config: { ...block.Config, ...options.result?.config },
      ...(options.result?.output ? { Output: options.result.output } : {}),
    }));
  return {
    flow: {
      Guid: '00000000-0000-4000-8000-0000000000f1',
      Name: 'customers/get',
      HttpMethod: options.method ?? 'GET',
      Api: '00000000-0000-4000-8000-0000000000a1',
      IsScript: false,
      Flow: graph,
    },
    guids,
    start,
    result,
  };
}

export const findIn = (flow: RestMethodFlow, guid: string): FlowBlock =>
  flow.Flow!.Blocks!.find((block) => block.Guid === guid)!;

/**
 * A generated valid flow of about `size` blocks for the bench: a chain of ADD, READ and CHECK blocks,
 * each check with its error block, so the walk, the scope and every common rule run.
 */
export function generatedFlow(size: number): { flow: RestMethodFlow; lookups: FlowLookups } {
  const action: FlowAction = {
    Guid: '00000000-0000-4000-8000-00000000ac01',
    Name: 'Customer',
    Type: 'Document',
    IsRead: true,
    Input: [{ Name: 'Id', Type: 'Guid', IsKey: true, Validation: { IsRequired: true } }],
    Output: [
      { Name: 'Id', Type: 'Guid' },
      { Name: 'Name', Type: 'String', Validation: { MaxLength: 100 } },
      { Name: 'Credit', Type: 'Decimal' },
    ],
  };
  const steps: Step[] = [];
  // START, RESULT, CLOSE and one ERROR per CHECK: about four blocks per three steps.
  const stepCount = Math.max(1, Math.round(((size - 3) * 3) / 4));
  for (let index = 0; steps.length < stepCount; index++) {
    const kind = index % 3;
    if (kind === 0)
      steps.push({
        type: 'add',
        config: { Fields: [{ Name: `v${index}`, Type: 'Number', AddType: 'Static', Value: index }] },
      });
    else if (kind === 1)
      steps.push({
        type: 'read',
        config: {
          Action: { Guid: action.Guid, Name: action.Name, Type: 'Document', IsRead: true },
          Mapping: [{ From: 'customerId', To: 'Id' }],
          Filters: [
            {
              Rules: [{ Name: 'Name', Operator: 'startsWith', RuleType: 'Static', Values: [{ Value: 'A' }] }],
            },
          ],
          Sorting: [{ Name: 'Name', Direction: 'ASC' }],
        },
        output: [{ Name: 'Name', Alias: `name${index}`, Type: 'String' }],
      });
    else
      steps.push({
        type: 'check',
        config: {
          Groups: [
            {
              Rules: [
                {
                  Name: `v${index - 2}`,
                  Operator: 'between',
                  RuleType: 'Static',
                  Values: [{ Value: 0 }, { Value: 1_000_000 }],
                },
              ],
            },
          ],
        },
      });
  }
  const { flow } = flowOf(steps, {
    startFields: [{ Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } }],
    result: { config: { FullOutput: true } },
  });
  for (const block of flow.Flow!.Blocks!) {
    if (block.Type === 'error') block.Config = { ErrorCode: 'NOT_FOUND', ErrorMessage: 'Not found' };
  }
  return { flow, lookups: testLookups({ actions: [action] }) };
}

/** The errors of one block as '<path inside the block> <key>', for the rule tables. */
export function blockErrors(errors: readonly { path: string; messageKey: string }[], guid: string): string[] {
  return errors
    .filter((error) => error.path.startsWith(`/${guid}/`) || error.path === `/${guid}`)
    .map((error) => `${error.path.slice(guid.length + 1)} ${error.messageKey}`);
}
