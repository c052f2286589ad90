/**
 * Whether a mail header value (an address, a subject) holds a line break. SMTP headers end at CR LF, so a
 * CR or LF a caller slips into one adds headers or recipients of its own (header injection); such a
 * value is refused, never cleaned (issue 30 point 5).
 */
export const hasLineBreak = (value: string): boolean => /[\r\n]/.test(value);
