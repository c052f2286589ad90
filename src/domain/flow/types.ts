import type { components } from '../../../generated/uiservices';

/** Flow types, all derived from the contract (spec part 2 §3 'Flow', 'Block', 'Condition rule', 'Other'). */
type Schemas = components['schemas'];

export type RestMethodFlow = Schemas['RestMethodFlow'];
export type FlowVersion = Schemas['FlowVersion'];
export type FlowGraph = NonNullable<RestMethodFlow['Flow']>;
export type FlowBlock = Schemas['FlowBlock'];
export type BlockType = FlowBlock['Type'];
export type BlockConfig = Schemas['FlowBlockConfig'];
export type FlowField = Schemas['FlowField'];
export type FlowMapping = Schemas['FlowMapping'];
export type ConditionGroup = Schemas['ConditionGroup'];
export type ConditionRule = Schemas['ConditionRule'];
export type ConditionValue = NonNullable<ConditionRule['Values']>[number];
export type Operator = NonNullable<ConditionRule['Operator']>;
export type OffsetUnit = NonNullable<ConditionValue['OffsetUnit']>;
export type FlowAction = Schemas['FlowAction'];
export type ExternalConnector = Schemas['ExternalConnector'];
export type FlowFunction = Schemas['FlowFunction'];
export type FunctionList = Schemas['FunctionList'];
export type HttpMethod = RestMethodFlow['HttpMethod'];
export type FlowStatus = NonNullable<RestMethodFlow['Status']>;

/** An exit of a block: OUT (true) or FALSE (spec part 2 §3 'Block': in, out, false). */
export type Exit = 'Out' | 'False';

/** One item of the DefaultValueTypes setting: a key plus the field types it permits (spec part 2 §3 'Field options'). */
export interface DefaultValueType {
  Key: string;
  Value?: string | null | undefined;
  Types?: readonly string[] | null | undefined;
}

/**
 * What the block rules look things up in: the actions, connectors, functions and function lists a flow
 * refers to, and the default value types. The console fetches them; the server reads them from its tables.
 */
export interface FlowLookups {
  actions: ReadonlyMap<string, FlowAction>;
  connectors: ReadonlyMap<string, ExternalConnector>;
  functions: ReadonlyMap<string, FlowFunction>;
  /** Absent when the server has no function lists: the list-dependent checks are skipped then. */
  functionLists?: ReadonlyMap<string, FunctionList> | undefined;
  defaultValueTypes: readonly DefaultValueType[];
}
