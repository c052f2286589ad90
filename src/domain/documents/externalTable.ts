import type { components } from '../../../generated/uiservices';
import type { FieldError } from '../../validation/fieldErrors';
import { typesMappable } from '../rules/mapping';
import { ruleError } from '../rules/ruleError';
import type { Document } from './types';

type ExternalTable = components['schemas']['ExternalTable'];

/**
 * Whether a document maps onto a table or view of another database (issue 30 point 2) rather than
 * keeping its records in a table of its own: it names one.
 */
export const mapsOntoTable = (document: Pick<Document, 'Table'>) =>
  typeof document.Table === 'string' && document.Table.trim() !== '';

/**
 * The rules of a document over an existing table or view that its catalogue decides (issue 30 point 2;
 * spec part 2 §5 'Document' still applies to its fields): a document on a connection to another
 * database names its table to be published, the table or view exists, and each field is one of its
 * columns, of a type the column's values fit. `table` is the catalogue's entry, undefined when there is
 * none; `external` says whether the connection is another database (its documents map onto tables) or
 * the internal one (its documents get a records table of their own and name none). A draft is not held
 * to the catalogue: the other database is read when the document is published.
 */
export function externalTableRules(
  document: Pick<Document, 'Table' | 'Elements' | 'IsPublished'>,
  context: { external: boolean; table: ExternalTable | undefined },
): FieldError[] {
  if (!context.external)
    return mapsOntoTable(document) ? [ruleError('/Table', 'db.validation.tableOnInternal')] : [];
  if (document.IsPublished !== true) return [];
  if (!mapsOntoTable(document)) return [ruleError('/Table', 'db.validation.tableRequired')];
  const { table } = context;
  if (!table) return [ruleError('/Table', 'db.validation.tableNotFound', { table: document.Table ?? '' })];
  const columns = new Map(table.Elements.map((column) => [column.Name.toLowerCase(), column]));
  const errors: FieldError[] = [];
  document.Elements.forEach((field, index) => {
    const column = columns.get(field.Name.toLowerCase());
    if (!column)
      errors.push(ruleError(`/Elements/${index}/Name`, 'db.validation.columnNotFound', { name: field.Name }));
    else if (field.Type !== column.Type && !typesMappable(column.Type, field.Type))
      errors.push(
        ruleError(`/Elements/${index}/Type`, 'db.validation.columnTypeMismatch', {
          name: field.Name,
          type: column.Type,
        }),
      );
  });
  return errors;
}
