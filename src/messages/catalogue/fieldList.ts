/** Texts of the nested field list shared by the builders (spec part 1 §2 'Builder screens', part 2 §2). */
export const fieldList = {
  'fieldList.name': 'Name',
  'fieldList.actions': 'Actions',
  'fieldList.add': 'Add {item}',
  'fieldList.addChild': 'Add child to {name}',
  'fieldList.moveUp': 'Move {name} up',
  'fieldList.moveDown': 'Move {name} down',
  'fieldList.remove': 'Remove {name}',
  'fieldList.empty': 'No fields yet.',
  'fieldList.count': '{count} fields',
  'fieldList.hasErrors': 'This field has problems; open it to see them',
  'fieldList.removeTitle': 'Remove {name}?',
  'fieldList.removeBody': '{name} and its {count} child fields are removed.',
  'fieldList.removeConfirm': 'Remove',
  'fieldList.yes': 'Yes',
} as const;
