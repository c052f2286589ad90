import type { components } from '../../../generated/uiservices';

type HttpOperation = components['schemas']['HttpOperation'];

/**
 * Imported operations added to those a connection has (issue 30 point 3): one of the same name (without
 * case, as guids are made) is replaced in its place, the others keep theirs, new ones come last.
 */
export function mergeOperations(
  current: readonly HttpOperation[],
  imported: readonly HttpOperation[],
): HttpOperation[] {
  const byName = new Map(imported.map((operation) => [operation.Name.toLowerCase(), operation]));
  const kept = current.map((operation) => {
    const replacement = byName.get(operation.Name.toLowerCase());
    byName.delete(operation.Name.toLowerCase());
    return replacement ?? operation;
  });
  return [...kept, ...byName.values()];
}
