import type { MessageKey } from '../../../messages/en';
import { type MessageParams, t } from '../../../messages/t';
import type { FieldError } from '../../../validation/fieldErrors';
import type { FieldScope } from '../scope';
import type { FlowBlock, FlowLookups, RestMethodFlow } from '../types';

/** What a block rule sees: the flow fields visible at the block, the lookups, and the flow's method. */
export interface BlockRuleContext {
  scope: FieldScope;
  lookups: FlowLookups;
  flow: Pick<RestMethodFlow, 'HttpMethod' | 'IsScript'>;
}

/** A rule of one block type (spec part 2 §5 'Flow blocks'): pure, answering FieldErrors. */
export type BlockRule = (block: FlowBlock, context: BlockRuleContext) => FieldError[];

export type FlowErrorKey = Extract<MessageKey, `fb.flowErrors.${string}`>;

/** A block error: its path is the block guid plus the field inside the block. */
export function problem(
  block: FlowBlock,
  path: string,
  key: FlowErrorKey,
  params?: MessageParams,
): FieldError {
  return {
    path: `/${block.Guid}${path}`,
    messageKey: key,
    message: t(key, params),
    ...(params ? { params } : {}),
  };
}

/** Whether a value is missing: null, undefined or only whitespace. */
export const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
