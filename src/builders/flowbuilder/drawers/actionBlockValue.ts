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
    Mapping: config.Mapping ?? [],
    FirstMatch: config.FirstMatch === true,
    Filters: config.Filters ?? [],
    Sorting: config.Sorting ?? [],
    Output: block.Output ?? [],
  };
}

/** The block's config and output from the value, keeping the rest of its config. */
export function fromActionValue(value: ActionValue, block: FlowBlock): Pick<FlowBlock, 'Config' | 'Output'> {
  return {
    Config: {
      ...block.Config,
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
