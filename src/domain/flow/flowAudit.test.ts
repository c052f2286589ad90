import { describe, expect, it } from 'vitest';
import { diffItems } from '../diff/diffItems';
import { blockNames, type FlowAuditSource, flowAuditBody, flowChanges, flowTitle } from './flowAudit';
import { createBlock, newFlowGraph } from './graph';
import type { FlowBlock, FlowGraph } from './types';

const READ = '3f2a1b2c-0000-4000-8000-000000000001';
const CHECK = '9c8d7e6f-0000-4000-8000-000000000002';
const guids = ['aaaaaaaa-0000-4000-8000-000000000010', 'bbbbbbbb-0000-4000-8000-000000000011'];
const graph = (): FlowGraph => {
  let next = 0;
  return newFlowGraph({
    isScript: false,
    newGuid: () => `${String(++next).repeat(8)}-0000-4000-8000-000000000000`,
  });
};
const flow = (overrides: Partial<FlowAuditSource> = {}): FlowAuditSource => ({
  Name: 'orders/open',
  HttpMethod: 'GET',
  RestApi: 'orders_api',
  Version: 1,
  Flow: graph(),
  ...overrides,
});
const block = (type: FlowBlock['Type'], guid: string, extra: Partial<FlowBlock> = {}): FlowBlock => ({
  ...createBlock(type, guid),
  ...extra,
});

describe('blockNames (issue 10 point 7: a flow diff names blocks readably; spec part 2 §3 "Block")', () => {
  it.each([
    [
      'START and RESULT by their type: a flow has one each',
      [block('start', guids[0]!), block('result', guids[1]!)],
      ['START', 'RESULT'],
    ],
    [
      'other blocks by type and the start of the guid',
      [block('read', READ), block('check', CHECK)],
      ['READ 3f2a1b2c', 'CHECK 9c8d7e6f'],
    ],
    [
      'two blocks that would read alike: the whole guid',
      [block('add', 'aaaaaaaa-1'), block('add', 'aaaaaaaa-2')],
      ['ADD aaaaaaaa-1', 'ADD aaaaaaaa-2'],
    ],
    [
      'a second START is told apart by its guid',
      [block('start', 's1'), block('start', 's2')],
      ['START s1', 'START s2'],
    ],
    [
      'an unknown type by its own name',
      [{ Type: 'teleport', Guid: 'cafebabe-1' } as never],
      ['TELEPORT cafebabe'],
    ],
  ])('%s', (_name, blocks: FlowBlock[], expected) => {
    expect([...blockNames(blocks).values()]).toEqual(expected);
  });
});

describe('flowAuditBody with diffItems (issue 10 point 7: what a flow save or publish changed)', () => {
  const before = flow();
  const start = before.Flow!.Blocks![0]!;
  const result = before.Flow!.Blocks!.find((entry) => entry.Type === 'result')!;
  const withBlocks = (blocks: FlowBlock[], overrides: Partial<FlowAuditSource> = {}) =>
    flow({ ...overrides, Flow: { ...before.Flow!, Blocks: blocks } });
  const read = block('read', READ, { Config: { FirstMatch: false } });

  it.each([
    ['no change', before, []],
    [
      'moving blocks on the canvas changes nothing',
      withBlocks(before.Flow!.Blocks!.map((entry) => ({ ...entry, Position: { X: 500, Y: 90 } }))),
      [],
    ],
    [
      'a changed block setting, at the block by name',
      withBlocks(
        before.Flow!.Blocks!.map((entry) =>
          entry === result ? { ...entry, Config: { ...entry.Config, FullOutput: true } } : entry,
        ),
      ),
      [{ path: 'Blocks[RESULT].Config.FullOutput', change: 'changed', before: false, after: true }],
    ],
    [
      'the flow fields: name, REST API by name, version',
      flow({ Name: 'orders/all', RestApi: 'shop_api', Version: 2 }),
      [
        { path: 'Name', change: 'changed', before: 'orders/open', after: 'orders/all' },
        { path: 'RestApi', change: 'changed', before: 'orders_api', after: 'shop_api' },
        { path: 'Version', change: 'changed', before: 1, after: 2 },
      ],
    ],
  ])('%s', (_name, after, expected) => {
    expect(diffItems(flowAuditBody(before), flowAuditBody(after))).toEqual(expected);
  });

  it('an inserted block reads as the block added and the links rewired, by block names', () => {
    const after = withBlocks([
      { ...start, Out: [READ] },
      { ...read, In: [start.Guid], Out: [result.Guid] },
      ...before.Flow!.Blocks!.slice(1),
    ]);
    const changes = diffItems(flowAuditBody(before), flowAuditBody(after));
    expect(changes.map((change) => [change.path, change.change])).toEqual([
      ['Blocks[START].Out', 'changed'],
      ['Blocks[READ 3f2a1b2c]', 'added'],
    ]);
    expect(changes[0]).toMatchObject({ before: ['RESULT'], after: ['READ 3f2a1b2c'] });
    expect(changes[1]!.after).toMatchObject({
      Id: 'READ 3f2a1b2c',
      Out: ['RESULT'],
      Config: { FirstMatch: false },
    });
    // No guid of a block is left in the paths, and a control: the raw graph would name it by guid.
    expect(JSON.stringify(changes.map((change) => change.path))).not.toContain(READ);
    expect(diffItems(before.Flow!, after.Flow!).map((change) => change.path)).toContain(`Blocks[${READ}]`);
  });

  it('a new flow lists every field and each block as added; a deleted one as removed', () => {
    const body = flowAuditBody(before);
    expect(flowChanges(null, body).map((change) => [change.path, change.change])).toEqual([
      ['Name', 'added'],
      ['HttpMethod', 'added'],
      ['RestApi', 'added'],
      ['IsScript', 'added'],
      ['Version', 'added'],
      ['StartBlock', 'added'],
      ['ResultBlock', 'added'],
      ['Blocks[START]', 'added'],
      ['Blocks[RESULT]', 'added'],
      ['Blocks[CLOSE 33333333]', 'added'],
    ]);
    expect(flowChanges(body, null).every((change) => change.change === 'removed')).toBe(true);
    expect(flowChanges(body, null).map((change) => change.path)).toContain('Blocks[START]');
    // Between two versions it is the plain diff.
    expect(flowChanges(body, body)).toEqual([]);
  });

  it('names a flow by method and name, as the Flow Builder lists it', () => {
    expect(flowTitle({ HttpMethod: 'POST', Name: 'orders/new' })).toBe('POST orders/new');
  });
});
