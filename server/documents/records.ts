import { randomUUID } from 'node:crypto';
import { keyFieldOf } from '../../src/domain/documents/keyField';
import type { Document, DocumentField } from '../../src/domain/documents/types';
import {
  defaultApplies,
  isEmptyValue,
  type RecordValues,
  recordErrors,
} from '../../src/domain/records/recordRules';
import { ruleError } from '../../src/domain/rules/ruleError';
import { valueFormatError } from '../../src/domain/rules/typeFormats';
import { ajvOnFirstUse } from '../../src/validation/createAjv';
import type { FieldError } from '../../src/validation/fieldErrors';
import { fieldErrors } from '../../src/validation/fieldErrors';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { badRequest, HttpError, notFound } from '../http/errors';
import { quoteIdent, recordsOf, recordTableExists } from './recordTable';

const UNIQUE_VIOLATION = '23505';

/**
 * What records are read and written through: the server's own database (or a call's transaction on it),
 * or another connection's database for a document over one of its tables (issue 30 point 2).
 */
export type RecordDb = Pick<Db, 'query'>;

/** How a column is read back, so every engine answers the same JSON (dates as text, decimals exact). */
export function selectExpression(field: { Name: string; Type?: string | null | undefined }): string {
  const column = quoteIdent(field.Name);
  switch (field.Type) {
    case 'DateOnly':
      return `to_char(${column}, 'YYYY-MM-DD') as ${column}`;
    case 'DateTime':
      return `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS') as ${column}`;
    case 'Decimal':
    case 'Guid':
      return `${column}::text as ${column}`;
    default:
      return column;
  }
}

const selectList = (document: Document) => document.Elements.map(selectExpression).join(', ');

/** A value as the column takes it: numbers as numbers, decimals as exact text, empty as null. */
function toColumn(field: DocumentField, value: unknown): unknown {
  if (isEmptyValue(value)) return null;
  switch (field.Type) {
    case 'Number':
    case 'Longnumber':
      return Number(value);
    case 'Decimal':
      return String(value);
    case 'DateTime':
      return String(value).slice(0, 19);
    default:
      return value;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** A field by name as the client sends it, ignoring case; a name the document lacks answers 400. */
function fieldOf(
  document: Document,
  name: string,
  messageKey: 'de.error.badSort' | 'de.validation.unknownField',
) {
  const field = document.Elements.find((entry) => entry.Name.toLowerCase() === name.toLowerCase());
  if (!field) throw new HttpError(400, messageKey, { field: name });
  return field;
}

export interface RecordQuery {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  direction?: 'ASC' | 'DESC' | undefined;
  search?: string | undefined;
}

/** One page of records, sorted and searched on the server (spec part 2 §2 'Document Editor', §9 tables). */
export async function listRecords(db: RecordDb, document: Document, query: RecordQuery) {
  const table = recordsOf(document);
  const key = keyFieldOf(document);
  const sortField = query.sort ? fieldOf(document, query.sort, 'de.error.badSort') : key;
  const direction = query.direction === 'DESC' ? 'desc' : 'asc';
  const params: unknown[] = [];
  let where = '';
  if (query.search?.trim()) {
    params.push(`%${escapeLike(query.search.trim())}%`);
    where = `where ${document.Elements.map((field) => `${quoteIdent(field.Name)}::text ilike $1`).join(' or ')}`;
  }
  // By the table's column, through its alias: a bare name in ORDER BY is the select list's, which reads
  // decimals and dates back as text (selectExpression), and would sort 100.50 before 20.00.
  const order = [sortField, key]
    .filter((field): field is DocumentField => field !== undefined)
    .map((field) => `r.${quoteIdent(field.Name)} ${direction} nulls last`)
    .join(', ');
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from ${table} ${where}`,
    params,
  );
  const records = await db.query<RecordValues>(
    `select ${selectList(document)} from ${table} as r ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { Records: records, Total: total };
}

/** The record whose `field` holds `value`, or undefined. */
export async function findRecord(db: RecordDb, document: Document, field: DocumentField, value: unknown) {
  const [record] = await db.query<RecordValues>(
    `select ${selectList(document)} from ${recordsOf(document)} where ${quoteIdent(field.Name)} = $1 limit 1`,
    [toColumn(field, value)],
  );
  return record;
}

/** One record by a field and value (spec part 2 §7: keyField and keyValue), or 404 de.error.loadRecord. */
export async function getRecord(db: RecordDb, document: Document, keyField: string, keyValue: string) {
  const field = fieldOf(document, keyField, 'de.validation.unknownField');
  // A value that cannot be of the field's type names no record.
  if (field.Type !== 'String' && field.Type !== 'Text' && valueFormatError(field.Type, keyValue))
    throw notFound('de.error.loadRecord');
  const record = await findRecord(db, document, field, keyValue);
  if (!record) throw notFound('de.error.loadRecord');
  return record;
}

/** The JSON Schema of a record, compiled at run time on the server (the browser cannot compile schemas). */
function wireSchema(document: Document) {
  const types: Record<string, string[]> = {
    Boolean: ['boolean'],
    Number: ['integer', 'string'],
    Longnumber: ['integer', 'string'],
    Decimal: ['number', 'string'],
  };
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      document.Elements.map((field) => {
        const schema: Record<string, unknown> = {
          type: [...(types[field.Type] ?? ['string']), 'null'],
          'x-messages': {
            type: 'enterValue',
            maxLength: 'de.validation.tooLong',
            pattern: 'de.validation.pattern',
          },
        };
        if (field.Type === 'String' && typeof field.Validation?.MaxLength === 'number')
          schema.maxLength = field.Validation.MaxLength;
        if (field.Type === 'String' && field.Validation?.Expression)
          schema.pattern = field.Validation.Expression;
        return [field.Name, schema];
      }),
    ),
  };
}

const ajv = ajvOnFirstUse();

function schemaErrors(document: Document, record: RecordValues): FieldError[] {
  const schema = wireSchema(document);
  let validate: ReturnType<ReturnType<typeof ajv>['compile']>;
  try {
    validate = ajv().compile(schema);
  } catch {
    return [ruleError('', 'api.validation')];
  } finally {
    // Each document's schema is compiled per write; drop it so the instance does not grow.
    ajv().removeSchema(schema);
  }
  if (validate(record)) return [];
  return fieldErrors(validate.errors, () => undefined);
}

/** Whether a value given for a field is the value it holds (decimals and numbers by value, guids by case). */
function sameValue(field: DocumentField, a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (field.Type === 'Decimal' || field.Type === 'Number' || field.Type === 'Longnumber')
    return Number(a) === Number(b);
  if (field.Type === 'Guid') return String(a).toLowerCase() === String(b).toLowerCase();
  if (field.Type === 'DateTime') return String(a).slice(0, 19) === String(b).slice(0, 19);
  return String(a) === String(b);
}

/** A default's value now (spec part 2 §3 'Field options': new GUID, current date and time, current user, static). */
function defaultValue(field: DocumentField, principal: Principal | null, now: number): unknown {
  const fallback = field.Default!;
  const at = new Date(now * 1000).toISOString();
  switch (fallback.Type) {
    case 'NewGuid':
      return randomUUID();
    case 'CurrentDate':
      return at.slice(0, field.Type === 'DateTime' ? 19 : 10);
    case 'CurrentDateTime':
      return at.slice(0, 19);
    case 'CurrentUser':
      return field.Type === 'Guid' ? (principal?.guid ?? null) : (principal?.name ?? null);
    default:
      return fallback.Value ?? null;
  }
}

export interface ReferenceCheck {
  /** The field holding a foreign value and where that value must exist. */
  field: DocumentField;
  target: Document;
  targetField: DocumentField;
}

/**
 * Inserts or updates one record (spec part 2 §7 PostRecord): the values are checked with the document's
 * rules, defaults on insert or update are applied, fields that are not updatable keep their value, and
 * a foreign key must name an existing record of the referenced document.
 */
export async function saveRecord(
  db: RecordDb,
  document: Document,
  body: RecordValues,
  options: {
    isNew?: boolean | undefined;
    principal: Principal | null;
    now: number;
    references: readonly ReferenceCheck[];
    /** The record of the key when the caller looked it up already (null: there is none). */
    existing?: RecordValues | null;
  },
): Promise<RecordValues> {
  const key = keyFieldOf(document);
  if (!key) throw new HttpError(400, 'db.validation.listKeyCount');
  const values: RecordValues = {};
  for (const [name, value] of Object.entries(body))
    values[fieldOf(document, name, 'de.validation.unknownField').Name] = value;

  const keyValue = values[key.Name];
  const known = options.existing !== undefined;
  let existing: RecordValues | undefined = options.existing ?? undefined;
  if (!known && !isEmptyValue(keyValue) && options.isNew !== true)
    existing = await findRecord(db, document, key, keyValue);
  if (options.isNew === false && !existing) throw notFound('de.error.loadRecord');
  if (options.isNew === true && !known && !isEmptyValue(keyValue) && key.IsId !== true) {
    if (await findRecord(db, document, key, keyValue)) throw duplicateKey(key);
  }
  const isNew = !existing;

  const errors: FieldError[] = [];
  const record: RecordValues = {};
  for (const field of document.Elements) {
    const given = Object.hasOwn(values, field.Name);
    if (field.IsId === true) {
      // An identity is the database's to number; an existing record keeps it.
      if (!isNew) record[field.Name] = existing![field.Name];
      continue;
    }
    if (!isNew && (field.IsKey === true || field.IsUpdatable === false)) {
      if (given && !sameValue(field, values[field.Name], existing![field.Name]))
        errors.push(ruleError(`/${field.Name}`, 'de.validation.notUpdatable'));
      record[field.Name] = existing![field.Name];
    } else if (given) record[field.Name] = values[field.Name];
    else if (!isNew) record[field.Name] = existing![field.Name];
    if (defaultApplies(field, isNew) && (!isNew || isEmptyValue(record[field.Name])))
      record[field.Name] = defaultValue(field, options.principal, options.now);
  }
  // The shared rules first (their messages carry the limits); the run-time schema adds what they do not say.
  const own = recordErrors(document.Elements, record, { isNew });
  errors.push(
    ...own,
    ...schemaErrors(document, record).filter((error) => !own.some((mine) => mine.path === error.path)),
  );
  for (const check of options.references) {
    const value = record[check.field.Name];
    if (isEmptyValue(value) || errors.some((error) => error.path === `/${check.field.Name}`)) continue;
    // A document over another database's table has its records there, not in a table of its own.
    const exists =
      (check.target.Table ? true : await recordTableExists(db, check.target.Guid)) &&
      (await findRecord(db, check.target, check.targetField, value));
    if (!exists)
      errors.push(
        ruleError(`/${check.field.Name}`, 'de.validation.referenceNotFound', { document: check.target.Name }),
      );
  }
  if (errors.length > 0) throw badRequest(dedupe(errors));

  const table = recordsOf(document);
  const columns = document.Elements.filter(
    (field) =>
      Object.hasOwn(record, field.Name) &&
      !(isNew && field.IsId === true && isEmptyValue(record[field.Name])),
  );
  try {
    if (isNew) {
      const params = columns.map((field) => toColumn(field, record[field.Name]));
      const [saved] = await db.query<RecordValues>(
        columns.length > 0
          ? `insert into ${table} (${columns.map((field) => quoteIdent(field.Name)).join(', ')})
             values (${columns.map((_field, index) => `$${index + 1}`).join(', ')}) returning ${selectList(document)}`
          : `insert into ${table} default values returning ${selectList(document)}`,
        params,
      );
      return saved!;
    }
    const updates = columns.filter((field) => field !== key);
    if (updates.length === 0) return (await findRecord(db, document, key, existing![key.Name]))!;
    const [saved] = await db.query<RecordValues>(
      `update ${table} set ${updates.map((field, index) => `${quoteIdent(field.Name)} = $${index + 1}`).join(', ')}
       where ${quoteIdent(key.Name)} = $${updates.length + 1} returning ${selectList(document)}`,
      [...updates.map((field) => toColumn(field, record[field.Name])), toColumn(key, existing![key.Name])],
    );
    return saved!;
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw duplicateKey(key);
    throw error;
  }
}

const duplicateKey = (key: DocumentField) =>
  new HttpError(400, 'de.error.recordExists', undefined, {
    Errors: [ruleError(`/${key.Name}`, 'de.error.recordExists')],
  });

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const id = `${error.path} ${error.messageKey}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Deletes the record whose `keyField` holds `keyValue`, or 404 de.error.loadRecord when there is none. */
export async function deleteRecord(db: RecordDb, document: Document, keyField: string, keyValue: string) {
  const field = fieldOf(document, keyField, 'de.validation.unknownField');
  if (field.Type !== 'String' && field.Type !== 'Text' && valueFormatError(field.Type, keyValue))
    throw notFound('de.error.loadRecord');
  const deleted = await db.query(
    `delete from ${recordsOf(document)} where ${quoteIdent(field.Name)} = $1 returning 1 as one`,
    [toColumn(field, keyValue)],
  );
  if (deleted.length === 0) throw notFound('de.error.loadRecord');
}
