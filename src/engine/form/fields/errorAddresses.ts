import type { TreeShape } from '../../../domain/fields/fieldTree';

type Node = { __errors?: unknown[] } & Record<string, unknown>;

const hasErrors = (node: unknown, skip?: string): boolean => {
  if (!node || typeof node !== 'object') return false;
  const entry = node as Node;
  if (Array.isArray(entry.__errors) && entry.__errors.length > 0) return true;
  return Object.entries(entry).some(([key, child]) => key !== '__errors' && key !== skip && hasErrors(child));
};

/**
 * Keys of the rows (address joined by '.') that have errors of their own in an RJSF error schema of the
 * list, as one sorted string so it compares by value.
 */
export function errorAddresses(errorSchema: unknown, shape: TreeShape): string {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string[]) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Node)) {
      if (!/^\d+$/.test(key)) continue;
      const here = [...prefix, key];
      if (shape.representation === 'flat') {
        if (hasErrors(child)) out.push(here.join('.'));
        continue;
      }
      if (hasErrors(child, shape.childrenField)) out.push(here.join('.'));
      walk((child as Node)[shape.childrenField], here);
    }
  };
  walk(errorSchema, []);
  return out.sort().join(' ');
}
