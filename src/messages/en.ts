import { account } from './catalogue/account';
import { common } from './catalogue/common';
import { connections } from './catalogue/connections';
import { engine } from './catalogue/engine';
import { fields } from './catalogue/fields';
import { flows } from './catalogue/flows';
import { scripts } from './catalogue/scripts';
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
  ...users,
  ...engine,
  ...scripts,
  ...connections,
  ...flows,
} as const;

/** Every area's texts, for the test that finds keys defined in two areas. */
export const catalogueParts = {
  common,
  account,
  fields,
  users,
  engine,
  scripts,
  connections,
  flows,
} as const;

export type MessageKey = keyof typeof en;
