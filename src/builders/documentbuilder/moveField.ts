import type { DocumentField } from '../../domain/documents/types';

/**
 * The fields after dragging the one at `from` to position `to` (spec part 2 §2 'Document Builder': drag
 * to reorder), each Order renumbered; null when the row cannot be dropped there ('Can not drop row in
 * this location'): while the table is sorted by name the positions shown are not the order, and an
 * action document's standard fields stay first.
 */
export function moveField(
  fields: readonly DocumentField[],
  from: number,
  to: number,
  options: { sortedByName: boolean },
): DocumentField[] | null {
  if (options.sortedByName) return null;
  if (from < 0 || from >= fields.length || to < 0 || to >= fields.length) return null;
  const standardCount = fields.filter((field) => field.IsStandard === true).length;
  if (fields[from]?.IsStandard === true || to < standardCount) return null;
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next.map((field, index) => (field.Order === index ? field : { ...field, Order: index }));
}
