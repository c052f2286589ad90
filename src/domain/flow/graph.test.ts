import { describe, expect, it } from 'vitest';
import { countingGuids, findIn, flowOf } from '../../../tests/support/flowBuilders';
import { FlowError } from './errors';
import {
  deleteBlock,
  falsePathOf,
  fieldsAt,
  flowLinks,
  insertBlock,
  newFlowGraph,
  recomputeOutputs,
  updateBlock,
  walkFlow,
} from './graph';
import type { FlowGraph } from './types';

const chain = (graph: FlowGraph) => {
  const byGuid = new Map(graph.Blocks!.map((block) => [block.Guid, block]));
  const types: string[] = [];
  for (let block = byGuid.get(graph.StartBlock!); block; block = byGuid.get(block.Out?.[0] ?? ''))
    types.push(block.Type);
  return types;
};

describe('newFlowGraph (spec part 2 §4 "New flow")', () => {
  it.each([
    [false, ['start', 'result', 'close'], 'START, RESULT and CLOSE blocks connected in sequence'],
    [true, ['start', 'config', 'result', 'close'], 'a script flow also gets a CONFIG block'],
  ])('script %s → %j (%s)', (isScript, types) => {
    const graph = newFlowGraph({ isScript, newGuid: countingGuids() });
    expect(chain(graph)).toEqual(types);
    const blocks = graph.Blocks!;
    expect(blocks[0]!.In).toEqual([]);
    for (const [index, block] of blocks.slice(1).entries()) expect(block.In).toEqual([blocks[index]!.Guid]);
    expect(graph.ResultBlock).toBe(blocks.find((block) => block.Type === 'result')!.Guid);
  });

  it('sets the result’s full output for a script flow only (part 2 §4)', () => {
    const result = (isScript: boolean) =>
      newFlowGraph({ isScript }).Blocks!.find((block) => block.Type === 'result')!.Config?.FullOutput;
    expect(result(true)).toBe(true);
    expect(result(false)).toBe(false);
  });
});

describe('insertBlock (spec part 2 §4 "Adding a block between two blocks rewires their IN, OUT and FALSE links")', () => {
  const base = () => newFlowGraph({ isScript: false, newGuid: countingGuids() });

  it('puts a READ between START and RESULT', () => {
    const graph = base();
    const [start, result] = graph.Blocks!;
    const { graph: next, guid } = insertBlock(
      graph,
      { from: start!.Guid, to: result!.Guid, exit: 'Out' },
      'read',
      {
        newGuid: countingGuids('n'),
      },
    );
    expect(chain(next)).toEqual(['start', 'read', 'result', 'close']);
    const read = next.Blocks!.find((block) => block.Guid === guid)!;
    expect(read.In).toEqual([start!.Guid]);
    expect(read.Out).toEqual([result!.Guid]);
    expect(next.Blocks!.find((block) => block.Guid === start!.Guid)!.Out).toEqual([guid]);
    expect(next.Blocks!.find((block) => block.Guid === result!.Guid)!.In).toEqual([guid]);
  });

  it.each([
    ['error', 'a conditional block gets an ERROR block on its false exit'],
    ['close', 'or a CLOSE block'],
  ] as const)('a CHECK gets %s on its false exit (%s)', (end, _why) => {
    const graph = base();
    const [start, result] = graph.Blocks!;
    const { graph: next, guid } = insertBlock(
      graph,
      { from: start!.Guid, to: result!.Guid, exit: 'Out' },
      'check',
      {
        falseExit: end,
      },
    );
    const check = next.Blocks!.find((block) => block.Guid === guid)!;
    expect(check.False).toHaveLength(1);
    const exit = next.Blocks!.find((block) => block.Guid === check.False![0])!;
    expect(exit.Type).toBe(end);
    expect(exit.In).toEqual([guid]);
  });

  it('inserts on a FALSE link too, rewiring the check’s FALSE exit', () => {
    const graph = base();
    const [start, result] = graph.Blocks!;
    const { graph: withCheck, guid: check } = insertBlock(
      graph,
      { from: start!.Guid, to: result!.Guid, exit: 'Out' },
      'check',
    );
    const error = withCheck.Blocks!.find((block) => block.Guid === check)!.False![0]!;
    const { graph: next, guid: add } = insertBlock(
      withCheck,
      { from: check, to: error, exit: 'False' },
      'add',
    );
    expect(next.Blocks!.find((block) => block.Guid === check)!.False).toEqual([add]);
    expect(next.Blocks!.find((block) => block.Guid === add)!.Out).toEqual([error]);
    expect(next.Blocks!.find((block) => block.Guid === error)!.In).toEqual([add]);
  });

  it('refuses a link that does not exist and a type the drawer does not offer (numbered errors)', () => {
    const graph = base();
    const [start, result, close] = graph.Blocks!;
    expect(() => insertBlock(graph, { from: start!.Guid, to: close!.Guid, exit: 'Out' }, 'add')).toThrow(
      /FLOW003/,
    );
    expect(() => insertBlock(graph, { from: start!.Guid, to: result!.Guid, exit: 'Out' }, 'error')).toThrow(
      FlowError,
    );
  });

  it('keeps the objects of blocks it does not touch (memoized nodes stay)', () => {
    const graph = base();
    const [start, result, close] = graph.Blocks!;
    const { graph: next } = insertBlock(graph, { from: start!.Guid, to: result!.Guid, exit: 'Out' }, 'add');
    expect(next.Blocks!.find((block) => block.Guid === close!.Guid)).toBe(close);
  });
});

describe('deleteBlock (spec part 2 §4 "Deleting a block re-links its neighbours")', () => {
  it('re-links the neighbours of a deleted block', () => {
    const { flow, guids, start, result } = flowOf([{ type: 'add' }, { type: 'read' }]);
    const next = deleteBlock(flow.Flow!, guids[0]!);
    expect(chain(next)).toEqual(['start', 'read', 'result', 'close']);
    expect(next.Blocks!.find((block) => block.Guid === start)!.Out).toEqual([guids[1]]);
    expect(next.Blocks!.find((block) => block.Guid === guids[1])!.In).toEqual([start]);
    expect(next.Blocks!.some((block) => block.Guid === guids[0])).toBe(false);
    expect(next.Blocks!.find((block) => block.Guid === result)!.In).toEqual([guids[1]]);
  });

  it('deletes a check’s false path with it', () => {
    const { flow, guids } = flowOf([{ type: 'check' }]);
    const falsePath = falsePathOf(flow.Flow!, guids[0]!);
    expect(falsePath.size).toBe(1);
    const next = deleteBlock(flow.Flow!, guids[0]!);
    expect(chain(next)).toEqual(['start', 'result', 'close']);
    expect(next.Blocks).toHaveLength(3);
  });

  it.each(['start', 'result', 'close'])(
    'refuses to delete the fixed %s block (FLOW004, part 2 §4 "Block kinds")',
    (type) => {
      const { flow } = flowOf([]);
      const block = flow.Flow!.Blocks!.find((candidate) => candidate.Type === type)!;
      expect(() => deleteBlock(flow.Flow!, block.Guid)).toThrow(/FLOW004/);
    },
  );
});

describe('downstream output fields (spec part 2 §4 "downstream output fields are recomputed")', () => {
  const startFields = [{ Name: 'customerId', Type: 'Guid' }];
  const read = {
    type: 'read' as const,
    config: { Action: { Guid: 'a1', Name: 'Customer' } },
    output: [{ Name: 'Name', Alias: 'customerName', Type: 'String' }],
  };

  it('drops result fields whose block was deleted', () => {
    const { flow, guids, result } = flowOf([read], {
      startFields,
      result: {
        output: [
          { Name: 'customerName', Alias: 'name' },
          { Name: 'customerId', Alias: 'id' },
        ],
      },
    });
    expect(findIn(flow, result).Output!.map((field) => field.Name)).toEqual(['customerName', 'customerId']);
    const next = deleteBlock(flow.Flow!, guids[0]!);
    expect(next.Blocks!.find((block) => block.Guid === result)!.Output!.map((field) => field.Name)).toEqual([
      'customerId',
    ]);
  });

  it('gives a full-output result every visible field and follows changes upstream', () => {
    const { flow, guids, result } = flowOf([read], { startFields, result: { config: { FullOutput: true } } });
    expect(findIn(flow, result).Output!.map((field) => field.Name)).toEqual(['customerId', 'customerName']);
    const next = deleteBlock(flow.Flow!, guids[0]!);
    expect(next.Blocks!.find((block) => block.Guid === result)!.Output!.map((field) => field.Name)).toEqual([
      'customerId',
    ]);
  });

  it('refreshes a result field’s type from upstream and mirrors start and add fields', () => {
    const { flow, start, result } = flowOf([], {
      startFields,
      result: { output: [{ Name: 'customerId', Alias: 'id', Type: 'Guid' }] },
    });
    const next = updateBlock(flow.Flow!, start, (block) => ({
      ...block,
      Config: { Fields: [{ Name: 'customerId', Type: 'String' }] },
    }));
    expect(next.Blocks!.find((block) => block.Guid === result)!.Output![0]!.Type).toBe('String');
    expect(next.Blocks!.find((block) => block.Guid === start)!.Output).toEqual([
      { Name: 'customerId', Type: 'String' },
    ]);
  });

  it('changes nothing when nothing changed (same graph object)', () => {
    const { flow } = flowOf([read], { startFields });
    expect(recomputeOutputs(flow.Flow!)).toBe(flow.Flow);
  });
});

describe('walkFlow and fieldsAt: flow fields visible at a block', () => {
  it('sees the fields of the blocks before it only, not its own or later ones', () => {
    const { flow, guids, result } = flowOf(
      [
        { type: 'add', config: { Fields: [{ Name: 'first', Type: 'Number', AddType: 'Static', Value: 1 }] } },
        {
          type: 'add',
          config: { Fields: [{ Name: 'second', Type: 'Number', AddType: 'Static', Value: 2 }] },
        },
      ],
      { startFields: [{ Name: 'input', Type: 'String' }] },
    );
    const seen = new Map<string, string[]>();
    walkFlow(flow.Flow!, (block, scope) => {
      seen.set(
        block.Guid,
        scope.fields().map((field) => field.Name),
      );
      return undefined;
    });
    expect(seen.get(guids[0]!)).toEqual(['input']);
    expect(seen.get(guids[1]!)).toEqual(['input', 'first']);
    expect(seen.get(result)).toEqual(['input', 'first', 'second']);
    expect(
      fieldsAt(flow.Flow!, guids[1]!)
        .fields()
        .map((field) => field.Name),
    ).toEqual(['input', 'first']);
    expect(fieldsAt(flow.Flow!, result).has('SECOND')).toBe(true);
  });

  it('lists every link with its exit', () => {
    const { flow, guids } = flowOf([{ type: 'check' }]);
    const links = flowLinks(flow.Flow!);
    expect(links.filter((link) => link.exit === 'False').map((link) => link.from)).toEqual([guids[0]]);
    expect(links).toHaveLength(4);
  });
});
