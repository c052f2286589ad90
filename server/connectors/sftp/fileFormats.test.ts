import { describe, expect, it } from 'vitest';
import { fileFormat, readContent, writeContent } from './fileFormats';

const bytes = (text: string) => new TextEncoder().encode(text);

// Issue 30 point 4: "read a file: as text, as CSV (header row) into an array of objects, or as JSON;
// write a file: text, or an array written as CSV or JSON". Values land in flow fields typed as spec part 2
// §3 'Field types' has them (Text, Array, Object).
describe('file formats (issue 30 point 4)', () => {
  it.each([
    [undefined, 'text'],
    ['', 'text'],
    ['CSV', 'csv'],
    [' json ', 'json'],
    ['xml', undefined],
    [3, undefined],
  ])('format %j is %j', (given, format) => {
    expect(fileFormat(given)).toBe(format);
  });

  it.each([
    // [why, file, format, rows or false when unreadable]
    [
      'a header row names the keys, values stay text',
      'id,name\n1,Anna\n2,Bo\n',
      'csv',
      [
        { id: '1', name: 'Anna' },
        { id: '2', name: 'Bo' },
      ],
    ],
    ['RFC 4180 quoting and CRLF', 'a,b\r\n"x, y","say ""hi"""\r\n', 'csv', [{ a: 'x, y', b: 'say "hi"' }]],
    ['a byte-order mark is dropped', '\ufeffid\n7\n', 'csv', [{ id: '7' }]],
    ['empty lines are skipped', 'id\n\n1\n\n', 'csv', [{ id: '1' }]],
    ['a header alone is no rows', 'id,name\n', 'csv', []],
    ['header names are trimmed', ' id , name \n1,2\n', 'csv', [{ id: '1', name: '2' }]],
    ['a repeated header name is refused', 'id,ID\n1,2\n', 'csv', false],
    ['an empty header name is refused', 'id,\n1,2\n', 'csv', false],
    ['a row with another count of values is refused', 'id,name\n1\n', 'csv', false],
    ['a JSON array is rows', '[{"a":1},{"a":2}]', 'json', [{ a: 1 }, { a: 2 }]],
    ['a JSON object is no rows', '{"a":1}', 'json', null],
    ['text that is no JSON is refused', 'hi', 'json', false],
  ])('reads: %s', (_why, file, format, rows) => {
    const content = readContent(bytes(file), format as 'csv' | 'json');
    if (rows === false) expect(content).toEqual({ ok: false });
    else expect(content).toMatchObject({ ok: true, rows });
  });

  it('reads text as UTF-8 and refuses bytes that are no UTF-8', () => {
    expect(readContent(bytes('\ufeffhé'), 'text')).toEqual({ ok: true, text: 'hé', rows: null, data: null });
    expect(readContent(new Uint8Array([0x68, 0xff]), 'text')).toEqual({ ok: false });
  });

  it.each([
    // [why, value, format, file or undefined when refused]
    ['text as given', 'a\nb', 'text', 'a\nb'],
    ['text needs text', ['a'], 'text', undefined],
    ['JSON: an array, indented, final newline', [{ a: 1 }], 'json', '[\n  {\n    "a": 1\n  }\n]\n'],
    ['JSON needs an array', { a: 1 }, 'json', undefined],
    [
      'CSV: header from every key in first-met order, CRLF',
      [{ a: 1 }, { b: true, a: null }],
      'csv',
      'a,b\r\n1,\r\n,true\r\n',
    ],
    ['CSV quotes commas and quotes', [{ t: 'x, "y"' }], 'csv', 't\r\n"x, ""y"""\r\n'],
    ['CSV of no rows is empty', [], 'csv', ''],
    ['CSV refuses a nested value', [{ a: { b: 1 } }], 'csv', undefined],
    ['CSV refuses a row that is no object', [[1, 2]], 'csv', undefined],
    ['CSV refuses a number that is not finite', [{ a: Number.NaN }], 'csv', undefined],
  ])('writes: %s', (_why, value, format, file) => {
    expect(writeContent(value, format as 'text' | 'csv' | 'json')).toBe(file);
  });

  it('reads back what it writes as CSV, every value as text', () => {
    const rows = [{ sku: 'A-1', qty: 2, note: 'line\nbreak' }];
    const file = writeContent(rows, 'csv')!;
    expect(readContent(bytes(file), 'csv')).toMatchObject({
      rows: [{ sku: 'A-1', qty: '2', note: 'line\nbreak' }],
    });
  });
});
