import type { MetadataDocument, MetadataElement } from '../../domain/metadata/rules';
import type { FieldError } from '../../validation/fieldErrors';

const labels: Record<string, string> = {
  Name: 'Name',
  Type: 'Type',
  ArrayElementType: 'Element type',
  Document: 'Metadata document',
  Max: 'Max length',
  Regex: 'Regular expression',
  Reference: 'Reference',
  Map: 'Mapped field',
  Default: 'Default',
  Alias: 'Alias',
};

/**
 * Where a metadata document's error is, in the validation panel's words: the dotted field name and the
 * option ('Field Customer.Name › Max length'), instead of list positions.
 */
export function describeMetadataError(document: MetadataDocument, error: FieldError): string | undefined {
  const parts = error.path.split('/').slice(1);
  if (parts[0] !== 'Elements' || parts.length < 2) return undefined;
  let elements: readonly MetadataElement[] = document.Elements ?? [];
  let element: MetadataElement | undefined;
  let index = 0;
  while (parts[index] === 'Elements' && /^\d+$/.test(parts[index + 1] ?? '')) {
    element = elements[Number(parts[index + 1])];
    if (!element) return undefined;
    elements = element.Elements ?? [];
    index += 2;
  }
  const rest = parts
    .slice(index)
    .filter((part) => !/^\d+$/.test(part) && part !== 'Validation' && part !== 'Fields')
    .map((part) => labels[part] ?? part);
  const name = element?.Name || '(no name)';
  return [`Field ${name}`, rest.at(-1)].filter(Boolean).join(' › ');
}
