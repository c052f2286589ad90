import { t } from '../../src/messages/t';
import type { Handlers } from '../http/context';
import { badRequest } from '../http/errors';
import { plainHandler } from '../items/plainHandlers';
import { checkCSharpSyntax, csharpParser } from '../scripts/checkCSharpSyntax';

async function scriptTypes(db: import('../db/database').Db) {
  const [list] = await db.query<{ items: Array<{ Key: string; Value?: string }> }>(
    "select items from lists where name = 'ScriptTypes'",
  );
  return list?.items ?? [];
}

/**
 * The grammar loads in the background a few seconds after start, so the first compile check does not
 * wait for it, and the start does not either: loading it while the server started cost 40-80 ms of
 * the cold start (issue 20 point 4). A check before then loads it itself; a failure here is retried
 * (and reported) by the first check.
 */
const GRAMMAR_WARM_UP_MS = 3000;
setTimeout(() => csharpParser().catch(() => undefined), GRAMMAR_WARM_UP_MS).unref();

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

const save = plainHandler('script', 'save');

/**
 * Scripts (spec part 1 §3 'Script', §5 'Script', §7 'Scripts'): a plain kind (x-item in
 * schemas/entities/script.schema.json), so the list, one script and delete are the generic handlers
 * (server/items/plainHandlers.ts). What is not plain is here: the script types, the compile check, and
 * the checks a save makes before the generic save.
 */
const handlers: Handlers = {
  'Script.GetScriptTypes': async ({ db }) => scriptTypes(db),
  'Script.PostScript': async (context) => {
    const { body, db } = context;
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
    return (await save(context)) as { Guid: string; Revision: number };
  },
  // False when the source parses, otherwise its syntax errors (part 1 §7: 'false for success').
  'Script.CheckCompilation': async ({ body }) => {
    const errors = await checkCSharpSyntax(body);
    return errors.length === 0 ? false : errors;
  },
};

export default handlers;
