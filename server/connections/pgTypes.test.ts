import { describe, expect, it } from 'vitest';
import { fieldTypeOf, maxLengthOf } from './pgTypes';

describe('PostgreSQL types as field types (spec part 1 §3 "Field types", §7 GetSPParameters)', () => {
  it.each([
    ['int4', 'N', 'Number', 'Number: -2147483648 to 2147483647 (part 1 §9)'],
    ['int8', 'N', 'Longnumber', 'Longnumber: beyond 32 bits'],
    ['numeric', 'N', 'Decimal', 'Decimal'],
    ['bool', 'B', 'Boolean', 'Boolean'],
    ['date', 'D', 'DateOnly', 'DateOnly'],
    ['timestamptz', 'D', 'DateTime', 'DateTime'],
    ['uuid', 'U', 'Guid', 'Guid'],
    ['varchar', 'S', 'String', 'String with a max length'],
    ['text', 'S', 'Text', 'Text without a max length'],
    ['jsonb', 'U', 'Object', 'Object'],
    ['_int4', 'A', 'Array', 'arrays'],
    ['tsvector', 'U', 'Text', 'anything else takes any value'],
  ])('%s → %s', (typname, category, expected) => {
    expect(fieldTypeOf(typname, category)).toBe(expected);
  });

  it('reads the length of varchar(n) and char(n) from the type modifier', () => {
    expect(maxLengthOf('varchar', 104)).toBe(100);
    expect(maxLengthOf('bpchar', 6)).toBe(2);
    expect(maxLengthOf('varchar', -1)).toBeUndefined();
    expect(maxLengthOf('text', 104)).toBeUndefined();
  });
});
