import { diffItems, type FieldChange } from '../diff/diffItems';
import { blockTypes } from './blockTypes';
import type { BlockType, FlowBlock, FlowGraph, RestMethodFlow } from './types';

/** A flow version as the audit trail records it: the flow's shared fields, its version number and graph. */
export interface FlowAuditSource {
  Name: string;
  Description?: string | null | undefined;
  HttpMethod: RestMethodFlow['HttpMethod'];
  /** The REST API's name where known, else its guid. */
  RestApi?: string | null | undefined;
  IsScript?: boolean | undefined;
  Version?: number | null | undefined;
  Flow?: FlowGraph | null | undefined;
}

const SHORT = 8;

const typeLabel = (type: string) =>
  Object.hasOwn(blockTypes, type) ? blockTypes[type as BlockType].label : type.toUpperCase();

/**
 * A readable, stable name for each block of a graph: START and RESULT, of which a flow has one each, by
 * their type; any other block by its type and the start of its guid ('READ 3f2a1b2c'); the whole guid
 * where two blocks would read alike. Names depend only on type and guid, so a block keeps its name from
 * one version to the next and the diff matches it.
 */
export function blockNames(blocks: readonly FlowBlock[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const block of blocks) counts.set(block.Type, (counts.get(block.Type) ?? 0) + 1);
  const short = (block: FlowBlock) => {
    const label = typeLabel(block.Type);
    const single = (block.Type === 'start' || block.Type === 'result') && counts.get(block.Type) === 1;
    return single ? label : `${label} ${block.Guid.slice(0, SHORT)}`;
  };
  const taken = new Map<string, number>();
  for (const block of blocks) taken.set(short(block), (taken.get(short(block)) ?? 0) + 1);
  return new Map(
    blocks.map((block) => {
      const name = short(block);
      return [block.Guid, taken.get(name) === 1 ? name : `${typeLabel(block.Type)} ${block.Guid}`];
    }),
  );
}

/**
 * A flow version as the audit trail diffs it (issue 10 point 7): blocks are listed by readable names
 * (`blockNames`) with their exits named the same way, so a change reads `Blocks[READ 3f2a1b2c].Config.FirstMatch`
 * and a new link `Blocks[START].Out`. Canvas positions and the IN lists (the mirror of OUT and FALSE) are
 * left out: moving a block changes no behaviour.
 * @example flowAuditBody({ Name: 'orders', HttpMethod: 'GET', Flow: { Blocks: [start] } }).Blocks // [{ Id: 'START', … }]
 */
export function flowAuditBody(flow: FlowAuditSource): Record<string, unknown> {
  const blocks = flow.Flow?.Blocks ?? [];
  const names = blockNames(blocks);
  const name = (guid: string | null | undefined) => (guid ? (names.get(guid) ?? guid) : null);
  return {
    Name: flow.Name,
    Description: flow.Description ?? null,
    HttpMethod: flow.HttpMethod,
    RestApi: flow.RestApi ?? null,
    IsScript: flow.IsScript === true,
    Version: flow.Version ?? null,
    StartBlock: name(flow.Flow?.StartBlock),
    ResultBlock: name(flow.Flow?.ResultBlock),
    Blocks: blocks.map(({ Guid, Type: _type, Position: _position, In: _in, Out, False, ...rest }) => ({
      Id: name(Guid),
      Out: (Out ?? []).map(name),
      False: (False ?? []).map(name),
      ...rest,
    })),
    Settings: flow.Flow?.Settings ?? [],
  };
}

/** How a flow is named in the audit trail and the palette: its method and name, as the Flow Builder lists it. */
export const flowTitle = (flow: { HttpMethod: string; Name: string }) => `${flow.HttpMethod} ${flow.Name}`;

/** The same fields without values: lists empty, so a diff against it names each entry of a list. */
const emptied = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? [] : null]));

/**
 * The changes from one flow version to another as `flowAuditBody`s (null: none, for a new or deleted
 * flow). A new flow lists each block as added (`Blocks[START]`) rather than one list of every block, and a
 * deleted one each block as removed.
 */
export const flowChanges = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] => diffItems(before ?? emptied(after ?? {}), after ?? emptied(before ?? {}));
