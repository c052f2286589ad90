import { type ActionMethod, methodsFor } from '../../documents/actionMethods';

/**
 * How a WRITE block writes a document record (spec part 2 §3 'Block' read/write: method; the values are
 * the writing action methods of §3 'Action document': write, upsert, create if not exists, create if not
 * exists or stop if exists, create always). What each does with a record whose key already exists:
 *
 * | method                  | key exists         | key missing        |
 * |-------------------------|--------------------|--------------------|
 * | write (update)          | update             | refuse: not found  |
 * | upsert                  | update             | insert             |
 * | createIfNotExists       | keep it, no write  | insert             |
 * | createIfNotExistsOrStop | refuse: exists     | insert             |
 * | createAlways (insert)   | refuse: exists     | insert             |
 *
 * A block without a method upserts, as every write did before the method was read. createAlways differs
 * from createIfNotExistsOrStop where the key is an identity: the database numbers every new record, so
 * the runtime never looks the key up and it always inserts.
 */
export type WriteMethod = Exclude<ActionMethod, 'read'>;

export const writeMethods: readonly WriteMethod[] = methodsFor(false).map(
  (method) => method.key as WriteMethod,
);

export const DEFAULT_WRITE_METHOD: WriteMethod = 'upsert';

/** A block's method, or undefined when it names none of the write methods. */
export function writeMethodOf(value: string | null | undefined): WriteMethod | undefined {
  return writeMethods.find((method) => method === value);
}

export type WriteStep =
  | { write: 'insert' | 'update' }
  | { keep: true }
  | { refuse: 'runtime.recordExists' | 'runtime.recordNotFound'; status: 409 | 404 };

const EXISTS = { refuse: 'runtime.recordExists', status: 409 } as const;
const NOT_FOUND = { refuse: 'runtime.recordNotFound', status: 404 } as const;
const INSERT = { write: 'insert' } as const;
const UPDATE = { write: 'update' } as const;

/** What a write of `method` does when a record with the given key does (or does not) exist. */
export function writeStep(method: WriteMethod, exists: boolean): WriteStep {
  switch (method) {
    case 'write':
      return exists ? UPDATE : NOT_FOUND;
    case 'upsert':
      return exists ? UPDATE : INSERT;
    case 'createIfNotExists':
      return exists ? { keep: true } : INSERT;
    case 'createIfNotExistsOrStop':
    case 'createAlways':
      return exists ? EXISTS : INSERT;
  }
}
