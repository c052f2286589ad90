import { account } from './catalogue/account';
import { beyond } from './catalogue/beyond';
import { common } from './catalogue/common';
import { engine } from './catalogue/engine';
import { fields } from './catalogue/fields';
import { shell } from './catalogue/shell';

/**
 * The part of the catalogue the console needs before any builder opens: the public screens, the
 * shell, home, the profile, the palette and the drawer frame (src/messages/coreCatalogue.test.ts checks
 * that their texts are all here). In the browser, t() starts with only this (vite.config.ts), and the
 * builders' areas are added when the first builder opens (restCatalogue.ts): they were two thirds of
 * the catalogue that /login and home loaded (issue 20 point 1).
 */
export const coreCatalogue: Record<string, string> = {
  ...common,
  ...account,
  ...fields,
  ...shell,
  ...engine,
  ...beyond,
};
