/**
 * Where used and the impact check (issue 10 point 1; the spec has neither, so the wording is ours, in the
 * spec's voice).
 */
export const impact = {
  'usage.title': 'Where used',
  'usage.titleCount': 'Where used ({count})',
  'usage.empty': 'No other item uses this {item}.',
  'usage.hidden': '{count} more in builders you may not open.',
  'usage.list': 'Items that use this {item}',
  'usage.via': 'through {kind} {name}',
  'usage.column.state': 'Uses it in',
  'usage.column.reason': 'Why it would break',
  'usage.state.published': 'Published',
  'usage.state.draft': 'Draft only',
  'impact.publishRefused': 'Publishing is refused: published items that use this item would break ({count}).',
  'impact.deleteRefused': 'Deleting is refused: published items use this item ({count}).',
  'impact.publishTitle': 'This {item} cannot be published yet',
  'impact.deleteTitle': 'This {item} cannot be deleted yet',
  'impact.publishBody':
    'Published items use what this version changes. Change them first, or keep what they use, then publish again.',
  'impact.deleteBody': 'Published items use it. Change them first so they no longer use it, then delete it.',
  'impact.list': 'What would break',
  'impact.reason.deleted': 'uses it',
  'impact.reason.fieldRemoved': 'uses the field {field}, which this version removes',
  'impact.reason.fieldRetyped': 'uses the field {field} as {from}; this version makes it {to}',
  'impact.reason.renamed': 'refers to it by its name {name}; this version renames it {to}',
} as const;
