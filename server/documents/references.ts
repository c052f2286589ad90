import { fieldNamed, keyFieldOf } from '../../src/domain/documents/keyField';
import type { Document } from '../../src/domain/documents/types';
import type { ReferenceCheck } from './records';

/**
 * Where a record's foreign values must exist: each reference's foreign key in the referenced document's
 * key, and each mapped field (is_map) in its mapped field.
 */
export function referenceChecks(document: Document, published: readonly Document[]): ReferenceCheck[] {
  const checks: ReferenceCheck[] = [];
  for (const reference of document.References ?? []) {
    const target = published.find((entry) => entry.Guid === reference.Guid && entry.Type === 'List');
    const field = fieldNamed(document, reference.Child);
    const targetField = target ? keyFieldOf(target) : undefined;
    if (target && field && targetField) checks.push({ field, target, targetField });
  }
  for (const field of document.Elements) {
    const mapping = field.Validation?.Document?.Reference;
    if (field.IsMapping !== true || !mapping?.DocumentGuid) continue;
    const target = published.find((entry) => entry.Guid === mapping.DocumentGuid && entry.Type === 'List');
    const targetField = target ? fieldNamed(target, mapping.MappingField) : undefined;
    if (target && targetField) checks.push({ field, target, targetField });
  }
  return checks;
}
