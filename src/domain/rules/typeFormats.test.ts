import { describe, expect, it } from 'vitest';
import { valueFormatError, withSeconds } from './typeFormats';

describe('valueFormatError (spec part 2 §5 "Type formats", part 1 §5 "Type checks")', () => {
  it.each<[string, unknown, string | null, string]>([
    ['Decimal', '1234567890123456.12', null, 'part 2 §5: 16 digits before and 2 after the point'],
    ['Decimal', '12345678901234567', 'typeError.decimal', 'part 2 §5: at most 16 digits before the point'],
    ['Decimal', '1.123', 'typeError.decimal', 'part 2 §5: at most 2 after the point'],
    ['Decimal', 12.5, null, 'part 1 §5: numbers must be numbers'],
    ['Decimal', '-0.5', null, 'part 2 §5: a signed decimal'],
    ['Decimal', 'abc', 'typeError.decimal', 'part 1 §5: numbers must be numbers'],
    ['Guid', '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', null, 'part 2 §5: GUID 8-4-4-4-12'],
    ['Guid', '3f0c8a3e0f3f4a559a570c7d2f1b9a01', 'typeError.guid', 'part 2 §5: GUID needs the dashes'],
    [
      'Guid',
      '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a0',
      'typeError.guid',
      'part 2 §5: GUID 12 hex digits at the end',
    ],
    ['Number', '2147483647', null, 'part 2 §5: Number up to 2147483647'],
    ['Number', '-2147483648', null, 'part 2 §5: Number from -2147483648'],
    ['Number', '2147483648', 'typeError.number', 'part 2 §5: Number above int32'],
    ['Number', '-2147483649', 'typeError.number', 'part 2 §5: Number below int32'],
    ['Number', '1.5', 'typeError.number', 'part 2 §5: Number is whole'],
    [
      'Longnumber',
      String(Number.MAX_SAFE_INTEGER),
      null,
      'part 2 §5: Longnumber within the safe integer range',
    ],
    ['Longnumber', '9007199254740992', 'typeError.longnumber', 'part 2 §5: Longnumber beyond the safe range'],
    ['Longnumber', '-9007199254740991', null, 'part 2 §5: Longnumber lower bound'],
    ['Boolean', true, null, 'part 1 §5: boolean must be boolean'],
    ['Boolean', 'true', 'typeError.boolean', 'part 1 §5: boolean must be boolean'],
    ['String', 'x', null, 'part 1 §5: strings non-empty'],
    ['String', '  ', 'enterValue', 'part 1 §5: strings non-empty'],
    ['Text', '', 'enterValue', 'part 1 §5: strings non-empty'],
    ['DateOnly', '2026-11-21', null, 'part 1 §9: date input'],
    ['DateOnly', '21-11-2026', 'typeError.date', 'part 1 §9: date input'],
    ['DateTime', '2026-11-21T10:30:00', null, 'part 1 §9: datetime-local with seconds'],
  ])('%s %j → %s (%s)', (type, value, expected) => {
    expect(valueFormatError(type, value)).toBe(expected);
  });

  it('adds :00 seconds to a datetime-local value without them (part 1 §9)', () => {
    expect(withSeconds('2026-11-21T10:30')).toBe('2026-11-21T10:30:00');
    expect(withSeconds('2026-11-21T10:30:15')).toBe('2026-11-21T10:30:15');
  });
});
