/** A value of a field type for JSON previews (spec part 2 §2 drawer 13). */
export function sampleValue(type: string): unknown {
  switch (type) {
    case 'Boolean':
      return false;
    case 'DateOnly':
      return '2024-01-31';
    case 'DateTime':
      return '2024-01-31T12:00:00';
    case 'Decimal':
      return 0.5;
    case 'Guid':
      return '00000000-0000-0000-0000-000000000000';
    case 'Longnumber':
    case 'Number':
      return 0;
    default:
      return 'string';
  }
}

/** Previews are indented 4 spaces (spec part 2 §2 drawer 13, §9). */
export const PREVIEW_INDENT = 4;
