import { t } from '../../src/messages/t';
import type { Handlers } from '../http/context';
import { badRequest } from '../http/errors';
import type { ItemKind } from '../items/itemStore';

export const scriptKind: ItemKind = {
  kind: 'script',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'sb.error.loadScript',
  nameTaken: 'sb.validation.nameNotUnique',
};

async function scriptTypes(db: import('../db/database').Db) {
  const [list] = await db.query<{ items: Array<{ Key: string; Value?: string }> }>(
    "select items from lists where name = 'ScriptTypes'",
  );
  return list?.items ?? [];
}

/** Scripts (spec part 1 §3 'Script', §5 'Script', §7 'Scripts'). CheckCompilation comes with the Script Builder. */
const handlers: Handlers = {
  'Script.GetScripts': async ({ items }) => (await items.list(scriptKind)) as never,
  'Script.GetScriptByGuid': async ({ items, params }) => (await items.get(scriptKind, params.guid)) as never,
  'Script.GetScriptTypes': async ({ db }) => scriptTypes(db),
  'Script.PostScript': async ({ items, body, db, principal, now }) => {
    // A script type, if given, must exist (part 1 §5 'Script').
    if (body.ScriptType && !(await scriptTypes(db)).some((type) => type.Key === body.ScriptType)) {
      throw badRequest([
        {
          path: '/ScriptType',
          messageKey: 'sb.validation.scriptTypeUnknown',
          message: t('sb.validation.scriptTypeUnknown'),
        },
      ]);
    }
    return items.save(scriptKind, body as Record<string, unknown>, {
      by: principal?.name ?? null,
      now: now(),
    });
  },
  'Script.DeleteScript': async ({ items, params }) => {
    await items.remove(scriptKind, params.guid);
    return true;
  },
};

export default handlers;
