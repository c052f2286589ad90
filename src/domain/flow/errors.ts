/**
 * Numbered developer errors of the flow core and canvas, in one place (like xyflow's
 * system/src/constants.ts): a misuse fails loudly with a code and a sentence that says what to do. These
 * are for developers; users see catalogue texts.
 */
export const flowErrorMessages = {
  FLOW001: (type: string) =>
    `Block type "${type}" is not registered; it is drawn and checked as an unknown block. Register it in src/domain/flow/blockTypes.ts.`,
  FLOW002: (guid: string) => `Block "${guid}" is not in the flow. Pass the guid of one of its blocks.`,
  FLOW003: (from: string, to: string, exit: string) =>
    `Block "${from}" has no ${exit} link to "${to}"; a block is inserted on an existing link only.`,
  FLOW004: (type: string) =>
    `A ${type} block cannot be deleted: start, result, close and error blocks are the fixed ends of a flow.`,
  FLOW005: (type: string) =>
    `A ${type} block cannot be inserted between blocks: start and result come with the flow, close and error with a check's false exit.`,
  // FLOW006 is retired (a block type without a node component): the canvas draws every type with BlockView.
  FLOW007: (message: string) =>
    `The layout worker failed: ${message}. The canvas keeps the stored positions.`,
} as const;

export type FlowErrorCode = keyof typeof flowErrorMessages;

/** A numbered flow error; `code` names the entry of flowErrorMessages. */
export class FlowError extends Error {
  constructor(
    readonly code: FlowErrorCode,
    message: string,
  ) {
    super(`[${code}] ${message}`);
    this.name = 'FlowError';
  }
}

/** Builds the numbered error for `code` with its arguments. */
export function flowError<C extends FlowErrorCode>(
  code: C,
  ...args: Parameters<(typeof flowErrorMessages)[C]>
): FlowError {
  const format = flowErrorMessages[code] as (...values: unknown[]) => string;
  return new FlowError(code, format(...args));
}

const warned = new Set<string>();

/** Reports a recoverable misuse once per message (a fallback took over), instead of crashing the canvas. */
export function warnFlow<C extends FlowErrorCode>(
  code: C,
  ...args: Parameters<(typeof flowErrorMessages)[C]>
): void {
  const error = flowError(code, ...args);
  if (warned.has(error.message)) return;
  warned.add(error.message);
  console.warn(error.message);
}
