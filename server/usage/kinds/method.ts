import type { components } from '../../../generated/uiservices';
import type { Body, KindUsage } from '../types';

type Method = components['schemas']['Method'];

/**
 * Methods (spec part 1 §3 'Method'): flows and action documents fill their input fields and read their
 * output fields. A method refers to nothing but its connection (its scope).
 */
export const methodUsage: KindUsage = {
  uses: [],
  fields: (body: Body, side) => {
    const method = body as Partial<Method>;
    const input = method.Input ?? [];
    const output = method.Output ?? [];
    return side === 'input' ? input : side === 'output' ? output : [...input, ...output];
  },
};
