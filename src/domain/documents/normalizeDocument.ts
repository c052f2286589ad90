import { keyFieldOf } from './keyField';
import type { Document, DocumentField } from './types';

type Role =
  | 'Id'
  | 'Guid'
  | 'CreatedByUserGuid'
  | 'CreatedDateTime'
  | 'LastModifiedByUserGuid'
  | 'LastModifiedDateTime';

/**
 * The standard fields every action document gets (spec part 2 §3 'Document'): Id, a long number that is
 * key and identity and not updatable, and Guid, both prefixed with the document name; then who created
 * and last modified the record, and when, filled by the server's defaults (none of them can be typed in).
 */
function standardField(role: Role, documentName: string): DocumentField {
  const base = { IsStandard: true, Parent: null, Description: null } as const;
  switch (role) {
    case 'Id':
      return {
        ...base,
        Name: `${documentName}Id`,
        Type: 'Longnumber',
        IsKey: true,
        IsId: true,
        IsUpdatable: false,
        Validation: { IsRequired: true },
      };
    case 'Guid':
      return {
        ...base,
        Name: `${documentName}Guid`,
        Type: 'Guid',
        IsUpdatable: false,
        Default: { Type: 'NewGuid', Insert: true, Update: false },
      };
    case 'CreatedByUserGuid':
    case 'LastModifiedByUserGuid':
      return {
        ...base,
        Name: role,
        Type: 'Guid',
        IsUpdatable: false,
        Default: { Type: 'CurrentUser', Insert: true, Update: role === 'LastModifiedByUserGuid' },
      };
    case 'CreatedDateTime':
    case 'LastModifiedDateTime':
      return {
        ...base,
        Name: role,
        Type: 'DateTime',
        IsUpdatable: false,
        Default: { Type: 'CurrentDateTime', Insert: true, Update: role === 'LastModifiedDateTime' },
      };
  }
}

const roles: readonly Role[] = [
  'Id',
  'Guid',
  'CreatedByUserGuid',
  'CreatedDateTime',
  'LastModifiedByUserGuid',
  'LastModifiedDateTime',
];

/** JSON with sorted keys, so a stored field (jsonb reorders keys) equals a freshly built one. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b)))
      : entry,
  );
}

/**
 * A document as it is stored: an action document's standard fields first (named after the document,
 * rebuilt if someone changed them), a list document without them, each field's Order its position and
 * Key the key field's name. Idempotent, and it keeps every object that needs no change, so an unchanged
 * document stays equal to what was loaded.
 */
export function normalizeDocument(document: Document): Document {
  const own = (document.Elements ?? []).filter((field) => field.IsStandard !== true);
  const standard =
    document.Type === 'Action'
      ? roles.map((role) => {
          const wanted = standardField(role, document.Name ?? '');
          const existing = (document.Elements ?? []).find(
            (field) => field.IsStandard === true && stable({ ...field, Order: undefined }) === stable(wanted),
          );
          return existing ?? wanted;
        })
      : [];
  const elements = [...standard, ...own].map((field, index) =>
    field.Order === index ? field : { ...field, Order: index },
  );
  const unchanged =
    elements.length === (document.Elements ?? []).length &&
    elements.every((field, index) => field === document.Elements[index]);
  const key = keyFieldOf({ Elements: elements, Key: null })?.Name ?? null;
  if (unchanged && (document.Key ?? null) === key) return document;
  return { ...document, Elements: unchanged ? document.Elements : elements, Key: key };
}
