/**
 * Value formats per field type (spec part 2 §5 'Type formats', part 1 §5 'Type checks', §9).
 * Each check answers a catalogue key, or null when the value fits.
 */

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// Up to 16 digits before the point and 2 after it.
const DECIMAL = /^[-+]?\d{1,16}(\.\d{1,2})?$/;
const INTEGER = /^[-+]?\d+$/;

export type ValueFormatKey =
  | 'typeError.guid'
  | 'typeError.decimal'
  | 'typeError.number'
  | 'typeError.longnumber'
  | 'typeError.boolean'
  | 'typeError.date'
  | 'typeError.dateTime'
  | 'enterValue';

const asText = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;

/**
 * Whether a value fits a field type. Booleans must be booleans, numbers numbers in range, strings
 * non-empty (part 1 §5 'Default value checks').
 */
export function valueFormatError(type: string, value: unknown): ValueFormatKey | null {
  switch (type) {
    case 'Guid':
      return typeof value === 'string' && GUID.test(value.trim()) ? null : 'typeError.guid';
    case 'Decimal': {
      const text = asText(value);
      return text !== null && DECIMAL.test(text) ? null : 'typeError.decimal';
    }
    case 'Number': {
      const text = asText(value);
      if (text === null || !INTEGER.test(text)) return 'typeError.number';
      const number = Number(text);
      return number >= INT32_MIN && number <= INT32_MAX ? null : 'typeError.number';
    }
    case 'Longnumber': {
      const text = asText(value);
      if (text === null || !INTEGER.test(text)) return 'typeError.longnumber';
      return Number.isSafeInteger(Number(text)) ? null : 'typeError.longnumber';
    }
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'typeError.boolean';
    case 'DateOnly':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : 'typeError.date';
    case 'DateTime':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : 'typeError.dateTime';
    default:
      return typeof value === 'string' && value.trim().length > 0 ? null : 'enterValue';
  }
}

/**
 * The value of a datetime-local input as stored: seconds added as ':00' when the input gives none
 * (part 1 §9 'Date input is date, or datetime-local with seconds added as :00').
 */
export function withSeconds(dateTimeLocal: string): string {
  return /T\d{2}:\d{2}$/.test(dateTimeLocal) ? `${dateTimeLocal}:00` : dateTimeLocal;
}
