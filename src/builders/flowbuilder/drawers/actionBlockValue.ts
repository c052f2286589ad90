import type {
  BlockConfig,
  ConditionGroup,
  FlowBlock,
  FlowField,
  FlowMapping,
} from '../../../domain/flow/types';

/** The read/write drawer's value (schemas/drawers/flow-action-block): the block's action settings, flat. */
export interface ActionValue {
  Connection: string | null;
  ActionGuid: string | null;
  Action: BlockConfig['Action'];
  /** write blocks: the action method it writes by (src/domain/flow/runtime/writeMethod.ts); null upserts. */
  Method: string | null;
  Mapping: FlowMapping[];
  FirstMatch: boolean;
  Filters: ConditionGroup[];
  Sorting: NonNullable<BlockConfig['Sorting']>;
  Output: FlowField[];
}

export function toActionValue(block: FlowBlock): ActionValue {
  const config = block.Config ?? {};
  return {
    Connection: config.Action?.FlowConnectionGuid ?? config.FlowConnectionGuid ?? null,
    ActionGuid: config.Action?.Guid ?? null,
    Action: config.Action ?? null,
    Method: config.Method ?? null,
    Mapping: config.Mapping ?? [],
    FirstMatch: config.FirstMatch === true,
    Filters: config.Filters ?? [],
    Sorting: config.Sorting ?? [],
    Output: block.Output ?? [],
  };
}

/** The block's config and output from the value, keeping the rest of its config. */
export function fromActionValue(value: ActionValue, block: FlowBlock): Pick<FlowBlock, 'Config' | 'Output'> {
  // A method only on a write block, and only when one is chosen: a block without one upserts.
  const { Method: _method, ...config } = block.Config ?? {};
  return {
    Config: {
      ...config,
      ...(block.Type === 'write' && value.Method ? { Method: value.Method } : {}),
      Action: value.Action ?? null,
      FlowConnectionGuid: value.Connection ?? block.Config?.FlowConnectionGuid ?? null,
      Mapping: value.Mapping.filter((mapping) => mapping.From),
      FirstMatch: value.FirstMatch,
      Filters: value.Filters,
      Sorting: value.Sorting,
    },
    Output: value.Output,
  };
}
