import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** How a file's bytes become flow values and back (issue 30 point 4: text, CSV, JSON). */
export const FILE_FORMATS = ['text', 'csv', 'json'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The format a flow asked for: empty is text; names without case. */
export function fileFormat(value: unknown): FileFormat | undefined {
  if (value === null || value === undefined || value === '') return 'text';
  const name = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (FILE_FORMATS as readonly string[]).includes(name) ? (name as FileFormat) : undefined;
}

/** What a file read as `format` gives the flow. */
export type FileContent = { ok: true; text: string; rows: unknown[] | null; data: unknown } | { ok: false };

const BOM = '\ufeff';

/**
 * A file's bytes as its format reads them. Text is UTF-8 (a byte-order mark dropped; bytes that are no
 * UTF-8 make the file unreadable rather than silently replaced). CSV (RFC 4180) has a header row whose
 * names become the keys of one object per following row, every value text, as the file has no types;
 * a header with an empty or repeated name, or a row with another number of values, is no CSV a flow can
 * read. JSON is any JSON value; `rows` is it when it is an array.
 */
export function readContent(bytes: Uint8Array, format: FileFormat): FileContent {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  if (format === 'text') return { ok: true, text, rows: null, data: null };
  if (format === 'json') {
    try {
      const data: unknown = JSON.parse(text);
      return { ok: true, text, rows: Array.isArray(data) ? data : null, data };
    } catch {
      return { ok: false };
    }
  }
  try {
    const rows = parse(text, {
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim());
        const seen = new Set(names.map((name) => name.toLowerCase()));
        if (names.some((name) => name === '') || seen.size !== names.length) throw new Error('bad header');
        return names;
      },
      skip_empty_lines: true,
    }) as Record<string, string>[];
    return { ok: true, text, rows, data: rows };
  } catch {
    return { ok: false };
  }
}

type Cell = string | number | boolean | null;
const isCell = (value: unknown): value is Cell | undefined =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The bytes a flow's value writes as `format`, or undefined when the value cannot be written so. Text
 * takes text. JSON takes an array (of anything JSON holds), written indented with a final newline. CSV
 * takes an array of flat objects: the header is every key in the order first met, a missing key and null
 * are empty, true and false are written as such, and lines end in CRLF as RFC 4180 has them.
 */
export function writeContent(value: unknown, format: FileFormat): string | undefined {
  if (format === 'text') return typeof value === 'string' ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  if (!value.every((row) => isRecord(row) && Object.values(row).every(isCell))) return undefined;
  const rows = value as Record<string, Cell | undefined>[];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  if (columns.length === 0) return '';
  return stringify(
    rows.map((row) => columns.map((column) => cellText(row[column]))),
    { header: true, columns, record_delimiter: 'windows' },
  );
}

const cellText = (value: Cell | undefined) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
