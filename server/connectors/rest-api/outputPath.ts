/**
 * The steps of an output field's path into the JSON answer (issue 30 point 3): dotted names and
 * `[index]`, an optional leading `$`; `$` or an empty path alone is the whole answer.
 * `data.items[0].id`, `$.data.total`, `items.0.id`.
 */
export function pathSteps(path: string): string[] {
  const trimmed = path.trim().replace(/^\$\.?/, '');
  if (trimmed === '') return [];
  return trimmed
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');
}

/** The value at `path` in `answer`, or undefined where the answer has nothing there. */
export const readPath = (answer: unknown, path: string): unknown => readSteps(answer, pathSteps(path));

/** The value at the steps of a path (pathSteps) in `answer`: a path read on every call is parsed once. */
export function readSteps(answer: unknown, steps: readonly string[]): unknown {
  let value = answer;
  for (const step of steps) {
    if (Array.isArray(value)) {
      if (!/^\d+$/.test(step)) return undefined;
      value = value[Number(step)];
    } else if (value !== null && typeof value === 'object') {
      value = Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
    } else return undefined;
    if (value === undefined) return undefined;
  }
  return value;
}

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Sets `value` at a dotted `path` of `target`, making the objects on the way (a JSON body built from inputs). */
export function writePath(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = pathSteps(path);
  // A body key such as `__proto__.x` would change what every object inherits, not the body.
  if (steps.length === 0 || steps.some((step) => UNSAFE.has(step))) return;
  let node = target;
  for (const step of steps.slice(0, -1)) {
    const next = Object.hasOwn(node, step) ? node[step] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      const made: Record<string, unknown> = {};
      node[step] = made;
      node = made;
    } else node = next as Record<string, unknown>;
  }
  node[steps[steps.length - 1]!] = value;
}
