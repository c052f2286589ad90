import { account } from './catalogue/account';
import { actionDocuments } from './catalogue/actionDocuments';
import { beyond } from './catalogue/beyond';
import { common } from './catalogue/common';
import { composedDocuments } from './catalogue/composedDocuments';
import { connections } from './catalogue/connections';
import { documentEditor } from './catalogue/documentEditor';
import { documents } from './catalogue/documents';
import { engine } from './catalogue/engine';
import { fieldList } from './catalogue/fieldList';
import { fields } from './catalogue/fields';
import { flows } from './catalogue/flows';
import { impact } from './catalogue/impact';
import { metadata } from './catalogue/metadata';
import { methods } from './catalogue/methods';
import { promote } from './catalogue/promote';
import { restApis } from './catalogue/restApis';
import { runtime } from './catalogue/runtime';
import { scripts } from './catalogue/scripts';
import { shell } from './catalogue/shell';
import { users } from './catalogue/users';

/**
 * The one English message catalogue (spec part 1 §8, part 2 §8, and the keys of part 1 §5 / part 2 §5),
 * assembled from one file per area in ./catalogue. Keys are exactly the spec's where it names one; where
 * it names a key but not its wording, the wording is ours, in the same voice. `{name}` placeholders are
 * filled by `t()`. A key defined twice fails the catalogue test.
 */
export const en = {
  ...common,
  ...account,
  ...fields,
  ...shell,
  ...users,
  ...engine,
  ...scripts,
  ...connections,
  ...metadata,
  ...methods,
  ...fieldList,
  ...restApis,
  ...documents,
  ...documentEditor,
  ...composedDocuments,
  ...actionDocuments,
  ...flows,
  ...runtime,
  ...beyond,
  ...impact,
  ...promote,
} as const;

/** Every area's texts, for the test that finds keys defined in two areas. */
export const catalogueParts = {
  common,
  account,
  fields,
  shell,
  users,
  engine,
  scripts,
  connections,
  metadata,
  methods,
  fieldList,
  restApis,
  documents,
  documentEditor,
  composedDocuments,
  actionDocuments,
  flows,
  runtime,
  beyond,
  impact,
  promote,
} as const;

export type MessageKey = keyof typeof en;
