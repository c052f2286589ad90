/** Texts of the generic list, detail, drawers and validation panel (spec part 1 §4, part 2 §4). */
export const engine = {
  /** An error placed inside a custom field; its own words travel with it (src/engine/form/fields/errorList.ts). */
  'form.errorBelow': 'Please check this entry',
  // ── Closing a drawer with unsaved changes (spec part 2 §2; leaving a page is the shell's) ──
  'unsaved.closeTitle': 'Close without saving?',
  'unsaved.closeBody': 'This drawer has unsaved changes. If you close it, they are lost.',
  'unsaved.close': 'Close',

  // ── The count under every list (the console's own; the matching ones while a search narrows it) ──
  'list.count': '{count} items',
  'list.count.one': '1 item',
  'list.countOf': '{matching} of {count} items',
  'list.countOf.one': '{matching} of 1 item',

  // ── Validation (spec part 1 §4 'Item life cycle', part 2 §4) ──
  'validation.required': 'requires validation',
  'validation.running': 'validating',
  'validation.valid': 'validated',
  'validation.panelTitle': 'Validation',
  'validation.inProgress': 'Validation in progress…',
  'validation.ok': 'No problems found. You can publish.',
  'validation.needed': 'Validate to check this item before publishing.',
  'validation.count': '{count} problems',
  'validation.count.one': '1 problem',
  'validation.clear': 'Clear',
  'validation.refresh': 'Validate again',
  'lookup.failed': 'The choices could not be loaded.',
  'lookup.empty': 'Nothing to choose from yet.',
  'validation.checkFailed': 'The check could not run: {reason}. Please validate again.',

  // ── Life cycle notices (spec part 1 §8 'Success messages follow create, save, publish, delete') ──
  'lifecycle.saved': '{item} saved',
  'lifecycle.created': '{item} created',
  'lifecycle.published': '{item} published',
  'lifecycle.deleted': '{item} deleted',
  'lifecycle.deleteTitle': 'Delete {item}?',
  'lifecycle.deleteBody': 'Delete “{name}”? This cannot be undone.',
  'lifecycle.publishTitle': 'Publish {item}?',
  'lifecycle.publishBody':
    'Publishing overwrites the current published version of “{name}” and cannot be undone.',
  'lifecycle.notFound': 'The {item} was not found',
} as const;
