import type { Schemas } from '../contract/types';

type FieldType = Schemas['FieldType'];

const byName: Record<string, FieldType> = {
  int2: 'Number',
  int4: 'Number',
  int8: 'Longnumber',
  numeric: 'Decimal',
  float4: 'Decimal',
  float8: 'Decimal',
  money: 'Decimal',
  bool: 'Boolean',
  date: 'DateOnly',
  timestamp: 'DateTime',
  timestamptz: 'DateTime',
  uuid: 'Guid',
  varchar: 'String',
  bpchar: 'String',
  char: 'String',
  name: 'String',
  time: 'String',
  timetz: 'String',
  text: 'Text',
  citext: 'Text',
  xml: 'Text',
  json: 'Object',
  jsonb: 'Object',
};

/**
 * The field type of a PostgreSQL type (pg_type.typname and typcategory), for method fields made from a
 * stored procedure's parameters and result columns (spec part 1 §3 'Field types'). Arrays become Array;
 * anything unknown is Text, which takes any value.
 */
export function fieldTypeOf(typname: string, category?: string | null): FieldType {
  if (category === 'A' || typname.startsWith('_')) return 'Array';
  return byName[typname] ?? 'Text';
}

/** The declared length of a character type (varchar(n), char(n)) from its type modifier, if any. */
export function maxLengthOf(typname: string, typmod: number | null | undefined): number | undefined {
  if (!['varchar', 'bpchar'].includes(typname) || typmod === null || typmod === undefined || typmod < 5)
    return undefined;
  return typmod - 4;
}
