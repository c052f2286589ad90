import { createContext, useContext } from 'react';

type Data = Record<string, unknown>;

/**
 * Values SchemaForm keeps out of RJSF (opaque properties, see opaqueProperties.ts) and how the custom
 * fields that draw them change them.
 */
export interface HeldValues {
  /** The held properties' names (the opaque ones of the form). */
  names: readonly string[];
  values: Data;
  /** Changes one held property. */
  set(name: string, value: unknown): void;
  /** Changes the whole value at once (held and RJSF's), from the latest whole value. */
  update(change: (value: Data) => Data): void;
}

export const HeldValuesContext = createContext<HeldValues | null>(null);

/** The held values of the enclosing SchemaForm, or null outside one (a plain RJSF form). */
export function useHeldValues(): HeldValues | null {
  return useContext(HeldValuesContext);
}
