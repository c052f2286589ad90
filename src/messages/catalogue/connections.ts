/** Connection Builder texts (spec part 1 §5 'Connection', §8 'Builders'). */
export const connections = {
  'cb.error.loadConnection': 'The connection was not found',
  'cb.validation.nameEmpty': 'Please enter a connection name',
  'cb.validation.nameIsShort': 'The connection name needs at least 2 characters',
  'cb.validation.nameContainsSpace': 'The connection name cannot contain spaces',
  'cb.validation.nameNotUnique': 'A connection with this name already exists',
  'cb.validation.nameInvalid': 'Use only letters, digits and underscores',
  'cb.validation.typeEmpty': 'Please choose a connection type',
  'cb.validation.typeUnknown': 'Please choose one of the credential types',
  'cb.validation.settingEmpty': 'Please enter {name}',
  'cb.validation.settingUrl': 'Please enter an address starting with http:// or https://',
  'cb.validation.settingTooLong': '{name} can have at most {limit} characters',
  'cb.validation.settingInvalid': '{name} is not in the expected format',
  'cb.connectionInUse': 'This connection is used by {count} methods or documents; delete those first',
  'cb.test.button': 'Test connection',
  'cb.test.running': 'Testing…',
  'cb.test.success': 'Connected: {detail}',
  'cb.test.failed': 'Could not connect: {detail}',
  'cb.test.notSupported': 'Testing is available for PostgreSQL connections only',
  'cb.test.internal': 'the server’s own database',
  // SFTP (issue 30 point 4): what Test Connection saw, and the host key it pinned or checked.
  'cb.test.sftp.home': 'the login’s home folder',
  'cb.test.sftp.pinned': '{entries} entries in {folder}; host key {fingerprint} pinned',
  'cb.test.sftp.matches': '{entries} entries in {folder}; host key {fingerprint} as pinned',
  'cb.test.sftp.unsaved':
    '{entries} entries in {folder}; save the connection and test again to pin host key {fingerprint}',
  'cb.settings.title': 'Credential settings',
  'cb.settings.none': 'This type needs no settings.',
  'cb.settings.chooseType': 'Choose a type to see its settings.',
  'cb.settings.secretHelp': 'Stored encrypted. Leave as is to keep it, or type a new one.',
  // Issue 29 point 1: a masked secret stands for the stored one only where it was saved for.
  'cb.secretReentry': 'Enter {name} again: {changed} changed since it was saved',
} as const;
