import { toDateOnly } from './dates';
import type { DefaultContext } from './defaults';

/**
 * The functions a flow can call by name (spec part 2 §3 'Other': function with input and output type;
 * FlowBuilder.GetFunctions lists them): an ADD block's Function values and a CONFIG block's function.
 * Every function the demo seeds (server/seed/demo/050_flows.ts) has its implementation here; a function
 * the server lists but has no implementation for makes the flow answer 501 (server/runtime/compile.ts).
 * Inputs arrive by the function's input names, already in canonical form (values.ts).
 */
export type FlowFunctionImplementation = (
  input: Readonly<Record<string, unknown>>,
  context: DefaultContext,
) => unknown;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const cents = (value: number) => Math.round(value * 100) / 100;

export const flowFunctionImplementations: Record<string, FlowFunctionImplementation> = {
  /** First and last name joined with a space. */
  FullName: (input) => [text(input.first), text(input.last)].filter(Boolean).join(' '),
  /** An amount with 21% VAT added, to the cent. */
  AddVat: (input) => (typeof input.amount === 'number' ? cents(input.amount * 1.21) : null),
  /** A new order reference: ORD-, the date and six characters of a new guid. */
  NewReference: (_input, context) =>
    `ORD-${toDateOnly(context.now).replaceAll('-', '')}-${context.newGuid().slice(0, 6).toUpperCase()}`,
  /** Today's date (UTC). */
  Today: (_input, context) => toDateOnly(context.now),
};

/** The implementation of a function by name (ignoring case), or undefined. */
export function flowFunction(name: string | null | undefined): FlowFunctionImplementation | undefined {
  if (!name) return undefined;
  const key = Object.keys(flowFunctionImplementations).find(
    (entry) => entry.toLowerCase() === name.toLowerCase(),
  );
  return key ? flowFunctionImplementations[key] : undefined;
}
