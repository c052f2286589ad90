import { definitionFiles } from '../../src/domain/promote/definitionFiles';
import { type DefinitionKind, definitionKinds, isDefinitionKind } from '../../src/domain/promote/definitions';
import type { Principal } from '../auth/principal';
import type { Handlers } from '../http/context';
import { HttpError } from '../http/errors';
import { exportDefinitions } from '../promote/exportDefinitions';
import { importDefinitions } from '../promote/importDefinitions';

/**
 * An export holds roles and API users beside every builder's items, and an import writes them all, so
 * both are for administrators (spec part 1 §6: admins hold every right), never for an API token.
 */
function assertAdmin(principal: Principal | null) {
  if (principal?.kind !== 'user' || !principal.admin) throw new HttpError(403, 'promote.adminOnly');
}

/** The kinds a Kinds parameter names (all when empty); an unknown one is bad input. */
export function parseKinds(text: string | undefined): DefinitionKind[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return [...definitionKinds];
  for (const name of names)
    if (!isDefinitionKind(name)) throw new HttpError(400, 'promote.unknownKind', { kind: name });
  return names as DefinitionKind[];
}

/** Definitions as files (issue 31 points 3 and 4): the server's side of `npm run export` / `import`. */
const handlers: Handlers = {
  'Promote.ExportDefinitions': async ({ db, principal, query }) => {
    assertAdmin(principal);
    return { Files: definitionFiles(await exportDefinitions(db, parseKinds(query.Kinds))) };
  },
  'Promote.ImportDefinitions': async ({ db, keys, principal, body, now }) => {
    assertAdmin(principal);
    return importDefinitions(
      db,
      keys,
      {
        files: body.Files,
        dryRun: body.DryRun === true,
        leaveInactive: body.LeaveInactive,
        secrets: body.Secrets,
      },
      { by: principal?.name ?? null, now: now() },
    );
  },
};

export default handlers;
