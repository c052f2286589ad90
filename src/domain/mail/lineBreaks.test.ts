import { describe, expect, it } from 'vitest';
import { hasLineBreak } from './lineBreaks';

// SendMail's address and subject (issue 30 point 5: "CR or LF in an address or subject is refused";
// spec part 2 §3 'Other': an external connector method's input fields).
const rows: Array<[string, string, boolean]> = [
  ['a plain address', 'anna@example.com', false],
  ['two addresses, comma separated', 'anna@example.com, bob@example.com', false],
  ['a subject with tabs and unicode', 'Order\t#12 – confirmed ✓', false],
  ['the empty text', '', false],
  ['LF adding a Bcc header', 'anna@example.com\nBcc: eve@example.com', true],
  ['CR alone', 'Hello\rBcc: eve@example.com', true],
  ['CR LF at the end', 'Hello\r\n', true],
  ['LF at the start', '\nHello', true],
];

describe('hasLineBreak (issue 30 point 5)', () => {
  it.each(rows)('%s', (_label, value, expected) => {
    expect(hasLineBreak(value)).toBe(expected);
  });
});
