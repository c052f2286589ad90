/**
 * Definitions as files, exported and imported between servers (issue 31 points 3 and 4; the spec has
 * neither, so the wording is ours, in the spec's voice).
 */
export const promote = {
  'promote.adminOnly': 'Only an administrator may export or import definitions.',
  'promote.refused': 'The import is refused; nothing was written ({count} problems).',
  'promote.nameTaken': 'The {kind} {name} would take a name another {kind} on this server already has.',
  'promote.guidOtherKind': '{name} has the guid of the {kind} {other} on this server.',
  'promote.duplicate': '{name} is in the folder twice (also {other}).',
  'promote.unknownRole':
    'The API user {name} holds the role {role}, which neither this server nor the folder has.',
  'promote.missingSecret': 'The connection {name} needs its secret {field}: exports never carry secrets.',
  'promote.fileNotJson': 'This file is not JSON.',
  'promote.fileNotDefinition': 'This file is no exported definition.',
  'promote.unknownKind': 'There is no kind of definition named {kind}.',
  'promote.export': 'Export',
  'promote.import': 'Import',
  'promote.title': 'Export and import definitions',
  'promote.exportHelp':
    'Downloads every definition as a zip of JSON files, one per item under kind/name.json. Secrets and API tokens are never exported.',
  'promote.importHelp':
    'Choose an exported folder as a zip. The preview lists what the import would change; nothing is written until you apply it.',
  'promote.chooseZip': 'Exported zip',
  'promote.preview': 'Preview',
  'promote.apply': 'Import everything',
  'promote.leaveInactive': 'Leave imported flows inactive',
  'promote.status.new': 'New',
  'promote.status.changed': 'Changed',
  'promote.status.unchanged': 'Unchanged',
  'promote.column.item': 'Item',
  'promote.column.kind': 'Kind',
  'promote.column.status': 'Status',
  'promote.column.changes': 'Changes',
  'promote.secretLabel': 'Secret {field} of {name}',
  'promote.applied': 'Imported {count} items.',
  'promote.nothingToDo': 'Every item is unchanged: nothing to import.',
  'promote.exported': 'Exported {count} items.',
} as const;
