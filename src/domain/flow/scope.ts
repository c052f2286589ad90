import type { FlowField } from './types';

/**
 * The flow fields (flow variables) visible at a block: the fields every block upstream of it added
 * (spec part 2 §4: "downstream output fields are recomputed"; §5: names "unique also against flow
 * variables"). Names compare ignoring case; a later field of the same name shadows an earlier one.
 */
export interface FieldScope {
  get(name: string | null | undefined): FlowField | undefined;
  has(name: string | null | undefined): boolean;
  fields(): FlowField[];
}

const key = (name: string) => name.trim().toLowerCase();

/** A scope the walk pushes fields into when it enters a block and pops when it leaves its subtree. */
export class ScopeStack implements FieldScope {
  private readonly byName = new Map<string, FlowField>();

  get(name: string | null | undefined) {
    return name ? this.byName.get(key(name)) : undefined;
  }

  has(name: string | null | undefined) {
    return name ? this.byName.has(key(name)) : false;
  }

  fields() {
    return [...this.byName.values()];
  }

  get size() {
    return this.byName.size;
  }

  /** Adds fields and answers what to undo to remove them again. */
  push(fields: readonly FlowField[]): Array<[string, FlowField | undefined]> {
    const undo: Array<[string, FlowField | undefined]> = [];
    for (const field of fields) {
      if (!field.Name) continue;
      const k = key(field.Name);
      undo.push([k, this.byName.get(k)]);
      this.byName.set(k, field);
    }
    return undo;
  }

  pop(undo: Array<[string, FlowField | undefined]>) {
    for (let index = undo.length - 1; index >= 0; index--) {
      const [k, previous] = undo[index]!;
      if (previous) this.byName.set(k, previous);
      else this.byName.delete(k);
    }
  }
}

// Field lists are never changed in place (src/domain/flow/graph.ts answers new objects), so a list's scope
// can be kept with it: an action's output list is shared by every block that reads that action.
const fixedScopes = new WeakMap<readonly FlowField[], FieldScope>();

/** A fixed scope of the given fields. */
export function scopeOf(fields: readonly FlowField[]): FieldScope {
  let scope = fixedScopes.get(fields);
  if (!scope) {
    const stack = new ScopeStack();
    stack.push(fields);
    scope = stack;
    fixedScopes.set(fields, scope);
  }
  return scope;
}
