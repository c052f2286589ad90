/** Document Builder texts (spec part 2 §5 'Names', 'Field definition', 'Document', §8 db.*). */
export const documents = {
  // ── Names (spec part 2 §5 'Names') ──
  'db.validation.nameEmpty': 'Please enter a document name',
  'db.validation.nameIsShort': 'The document name needs at least 2 characters',
  'db.validation.nameContainsSpace': 'The document name cannot contain spaces',
  'db.validation.nameNotUnique': 'A document with this name already exists on this connection',
  'db.validation.pathMismatch': 'The document does not belong to this connection or guid',

  // ── Fields (spec part 2 §5 'Field definition') ──
  'db.validation.fieldNameEmpty': 'Please enter a field name',
  'db.validation.fieldNameIsShort': 'The field name needs at least 2 characters',
  'db.validation.fieldNameContainsSpace': 'The field name cannot contain spaces',
  'db.validation.fieldNameInvalid': 'Use only letters, digits and underscores in a field name',
  'db.validation.fieldNameTooLong': 'The field name can have at most 63 characters',
  'db.validation.maxLengthNotAllowed': 'Max length applies to string fields only',
  'db.validation.regexNotAllowed': 'A regular expression applies to string fields only',
  'db.validation.regexEmpty': 'Please enter the regular expression',
  'db.validation.regexInvalid': 'This is not a valid regular expression',
  'db.validation.regexAndReference': 'A mapped field cannot also have a regular expression',
  'db.validation.toolValidationNotOffered': 'Reference lists are not offered for document fields',
  'db.validation.defaultOnKey': 'Key and ID fields cannot have a default',
  'db.validation.defaultTypeNotAllowed': 'This default is not offered for fields of this type',
  'db.validation.defaultWhenNotSet': 'Choose whether the default applies on insert, on update or both',
  'db.validation.defaultTooLong': 'The default is longer than the field’s max length',

  // ── Document (spec part 2 §5 'Document') ──
  'db.validation.noFieldsSet': 'Add at least one field',
  'db.validation.noKeyField': 'Mark at least one field as key',
  'db.validation.listKeyCount': 'A list document needs exactly one key field',
  'db.validation.tooManyIdentityFields': 'An action document can have at most one ID field',
  'db.validation.identityKeyCount': 'With an ID field, exactly one field must be both key and ID',
  'db.validation.identityType': 'An ID field must be a number or a long number',
  'db.validation.keyNotRequired': 'A key field must be required',
  'db.validation.keyUpdatable': 'A key field cannot be updatable',
  'db.validation.idUpdatable': 'An ID field cannot be updatable',
  'db.validation.stringNoMaxLength': 'A string field needs a max length',
  'db.validation.mappingNotAllowed': 'Only fields of list documents can be mapped',
  'db.validation.mappingDocumentNotChosen': 'Choose the list document this field maps to',
  'db.validation.mappingDocumentNotFound':
    'The mapped document is not a published list document of this connection',
  'db.validation.mappingFieldNotFound': 'The mapped field does not exist in that document',
  'db.validation.mappingTypeMismatch': 'The mapped field’s type cannot be stored in this field',
  'db.validation.mappingMaxLengthMismatch': 'The mapped field is longer than this field’s max length',
  'db.validation.returnFieldNotFound': 'This return field does not exist in the mapped document',
  'db.validation.aliasContainsSpace': 'The alias cannot contain spaces',

  // ── References (spec part 2 §5 'Document') ──
  'db.validation.referenceIncomplete': 'A reference needs a document, its key and a foreign key field',
  'db.validation.referenceDocumentNotFound':
    'The referenced document is not a published document of this connection',
  'db.validation.referenceNotList': 'A list document can only reference list documents',
  'db.validation.referenceChildNotFound': 'The foreign key field does not exist in this document',
  'db.validation.referenceKeyMismatch': 'The key does not match the referenced document’s key field',
  'db.validation.referenceTypeMismatch': 'The foreign key’s type does not fit the referenced key',
  'db.validation.referenceMaxLengthMismatch': 'The foreign key is shorter than the referenced key',
  'db.validation.referenceChildNotUnique': 'This foreign key field is already used by another reference',

  // ── Publishing a list document: its table (spec part 2 §2 'Document Editor') ──
  'db.validation.destructiveChange':
    'This change cannot be published because the document has {count} records: {changes}. Add a new field instead, or delete the records first.',
  'db.change.dropped': 'the column {name} would be dropped',
  'db.change.retyped': 'the column {name} would change from {from} to {to}',
  'db.change.identity': 'the column {name} would become an ID',
  'db.change.key': 'the key would change from {from} to {to}',
  // ── A document over a table or view of another database (issue 30 point 2) ──
  'db.validation.tableRequired': 'Choose the table or view this document maps onto',
  'db.validation.tableNotFound': 'The table or view {table} is not in the connection’s database',
  'db.validation.tableOnInternal':
    'Documents of the internal connection keep their records in a table of their own; leave the table empty',
  'db.validation.columnNotFound': 'The table or view has no column {name}',
  'db.validation.columnTypeMismatch':
    'The column {name} holds {type} values, which this field’s type cannot take',
  'db.error.catalog': 'The tables of the connection’s database could not be read: {detail}',
  'db.error.noTables': 'This connection has no tables to pick: its documents keep their records themselves',
  'db.tables.pick': 'Pick a table or view',
  'db.tables.loading': 'Reading the tables…',
  'db.tables.view': 'view',
  'db.tables.useColumns': 'Use its columns',
  'db.error.editPublished': 'Editing a published document needs the Upsert admin permission',
  'db.error.deletePublished': 'Deleting a published document needs the Delete published permission',
  'db.error.loadDocument': 'The document was not found',
  'db.docDelete.error': 'Something went wrong while deleting document. Please try again.',
  'db.docDelete.referenced': 'The document cannot be deleted because {names} refer to it',

  // ── Screens (spec part 2 §2 'Document Builder', drawers 1 and 2) ──
  'db.dropNotAllowed': 'Can not drop row in this location',
  'db.fields.title': 'Fields',
  'db.fields.empty': 'No fields yet. Add the first one.',
  'db.fields.add': 'Add field',
  'db.fields.details': 'Field details',
  'db.fields.newField': 'New field',
  'db.fields.standard': 'Standard field of every action document; it cannot be changed.',
  'db.fields.deleteTitle': 'Delete field?',
  'db.fields.deleteBody': 'Delete the field “{name}”?',
  'db.references.title': 'References',
  'db.references.empty': 'No references. A reference ties a foreign key field to another document’s key.',
  'db.references.add': 'Add reference',
  'db.references.picker': 'Choose a document',
  'db.references.pickerEmpty': 'No published documents to reference on this connection.',
  'db.references.pickerListOnly': 'A list document can reference list documents only.',
  'db.list.typeFilter': 'Type',
  'db.deleteListBody': 'Delete “{name}”? Its records are deleted with it. This cannot be undone.',
} as const;
