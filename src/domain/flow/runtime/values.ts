import { INT32_MAX, INT32_MIN } from '../../rules/typeFormats';
import { type FlowFieldType, flowType } from '../fieldTypes';
import type { TypeFamily } from '../operators';
import { parseInstant, toDateOnly, toDateTime } from './dates';

/**
 * Values of flow variables at run time. Every value enters a flow in one canonical form per field type
 * (spec part 2 §3 'Field types', §5 'Type formats'), so comparing and answering never guess:
 *
 * | type                        | canonical value                         |
 * |-----------------------------|-----------------------------------------|
 * | String, Text                | string                                  |
 * | Number, Longnumber, Decimal | number                                  |
 * | Boolean                     | boolean                                 |
 * | DateOnly                    | 'YYYY-MM-DD'                            |
 * | DateTime                    | 'YYYY-MM-DDTHH:MM:SS' (UTC, no zone)    |
 * | Guid                        | lower-case text                         |
 * | Object, Array               | as given                                |
 *
 * A missing value is null; so is an empty string of a non-text type.
 */

/** Whether a value counts as set (isSet / notSet; spec part 2 §3 'Operators'): not null, not empty text. */
export const isSetValue = (value: unknown) => value !== null && value !== undefined && value !== '';

const numeric = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return null;
};

/** A value in the canonical form of `type` (see the table), or undefined when it cannot be one. */
export function canonical(type: string | null | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const normal: FlowFieldType | undefined = flowType(type);
  switch (normal) {
    case 'Number':
    case 'Longnumber':
    case 'Decimal': {
      if (value === '') return null;
      const number = numeric(value);
      return number === null ? undefined : number;
    }
    case 'Boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0) return false;
      return value === '' ? null : undefined;
    case 'DateOnly':
    case 'DateTime': {
      if (value === '') return null;
      const instant = parseInstant(value);
      if (instant === undefined) return undefined;
      return normal === 'DateOnly' ? toDateOnly(instant) : toDateTime(instant);
    }
    case 'Guid':
      return typeof value === 'string' ? (value === '' ? null : value.toLowerCase()) : undefined;
    case 'String':
    case 'Text':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    default:
      return value;
  }
}

/** A value as a number to order by within its family (numbers, instants of dates), or undefined. */
export function orderKey(family: TypeFamily | undefined, value: unknown): number | undefined {
  if (family === 'number') return numeric(value) ?? undefined;
  if (family === 'date') return parseInstant(value);
  return undefined;
}

/** Whether two values of one family are equal (guids ignore case, numbers and dates by value). */
export function sameValue(family: TypeFamily | undefined, a: unknown, b: unknown): boolean {
  if (!isSetValue(a) || !isSetValue(b)) return false;
  if (family === 'number' || family === 'date') {
    const left = orderKey(family, a);
    return left !== undefined && left === orderKey(family, b);
  }
  if (family === 'guid') return String(a).toLowerCase() === String(b).toLowerCase();
  if (family === 'boolean') return canonical('Boolean', a) === canonical('Boolean', b);
  return String(a) === String(b);
}

/** Whether a number fits its type's range (spec part 2 §9 number ranges). */
export function inRange(type: string | null | undefined, value: number): boolean {
  const normal = flowType(type);
  if (normal === 'Number') return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
  if (normal === 'Longnumber') return Number.isSafeInteger(value);
  return Number.isFinite(value);
}
