import { describe, expect, it } from 'vitest';
import { type WriteMethod, type WriteStep, writeMethodOf, writeMethods, writeStep } from './writeMethod';

describe('what a WRITE block does by its method (spec part 2 §3 "Block" read/write: method; §3 "Action document": action methods)', () => {
  it.each<[string, WriteMethod, boolean, WriteStep]>([
    ['write updates the record of its key', 'write', true, { write: 'update' }],
    [
      'write of a key no record has is refused',
      'write',
      false,
      { refuse: 'runtime.recordNotFound', status: 404 },
    ],
    ['upsert updates an existing record', 'upsert', true, { write: 'update' }],
    ['upsert inserts a new one', 'upsert', false, { write: 'insert' }],
    ['create if not exists leaves an existing record alone', 'createIfNotExists', true, { keep: true }],
    ['create if not exists inserts a new one', 'createIfNotExists', false, { write: 'insert' }],
    [
      'create if not exists or stop if exists stops',
      'createIfNotExistsOrStop',
      true,
      { refuse: 'runtime.recordExists', status: 409 },
    ],
    ['create if not exists or stop inserts a new one', 'createIfNotExistsOrStop', false, { write: 'insert' }],
    [
      'create always cannot give a key two records',
      'createAlways',
      true,
      { refuse: 'runtime.recordExists', status: 409 },
    ],
    ['create always inserts', 'createAlways', false, { write: 'insert' }],
  ])('spec part 2 §3 "Action document": %s', (_rule, method, exists, expected) => {
    expect(writeStep(method, exists)).toEqual(expected);
  });

  it.each<[string, string | null | undefined, WriteMethod | undefined]>([
    ['a write method is one', 'createAlways', 'createAlways'],
    ['read is no write method', 'read', undefined],
    ['an unknown name is none', 'insert', undefined],
    ['no method is none (the block then upserts)', null, undefined],
  ])('spec part 2 §3 "Action document": %s', (_rule, value, expected) => {
    expect(writeMethodOf(value)).toBe(expected);
  });

  it('offers the five writing action methods of spec part 2 §3 "Action document"', () =>
    expect(writeMethods).toEqual([
      'write',
      'upsert',
      'createIfNotExists',
      'createIfNotExistsOrStop',
      'createAlways',
    ]));
});
