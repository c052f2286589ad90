import { t } from '../../src/messages/t';
import type { Handlers } from '../http/context';
import { badRequest } from '../http/errors';
import type { ItemKind } from '../items/itemStore';
import { checkCSharpSyntax, csharpParser } from '../scripts/checkCSharpSyntax';

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

// The grammar loads in the background at start, so the first compile check does not wait for it; a
// failure here is retried (and reported) by that first check.
csharpParser().catch(() => undefined);

/** Syntax errors as validation errors of the code field, as the console shows them. */
const compileErrors = (errors: Awaited<ReturnType<typeof checkCSharpSyntax>>) =>
  errors.map((error) => {
    const params = { line: error.Line, column: error.Column, message: error.Message };
    return {
      path: '/Script',
      messageKey: 'sb.validation.compileError',
      message: t('sb.validation.compileError', params),
      params,
    };
  });

/** Scripts (spec part 1 §3 'Script', §5 'Script', §7 'Scripts'). */
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
    // Publish requires a successful validation (part 1 §4), and the compile check is part of it (§5).
    if (body.IsPublished === true) {
      const errors = await checkCSharpSyntax(body.Script);
      if (errors.length > 0) throw badRequest(compileErrors(errors));
    }
    return items.save(scriptKind, body as Record<string, unknown>, {
      by: principal?.name ?? null,
      now: now(),
    });
  },
  // False when the source parses, otherwise its syntax errors (part 1 §7: 'false for success').
  'Script.CheckCompilation': async ({ body }) => {
    const errors = await checkCSharpSyntax(body);
    return errors.length === 0 ? false : errors;
  },
  'Script.DeleteScript': async ({ items, params }) => {
    await items.remove(scriptKind, params.guid);
    return true;
  },
};

export default handlers;
