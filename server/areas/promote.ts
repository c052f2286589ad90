import { definitionFiles } from '../../src/domain/promote/definitionFiles';
import { type DefinitionKind, definitionKinds, isDefinitionKind } from '../../src/domain/promote/definitions';
import type { Handlers } from '../http/context';
import { HttpError } from '../http/errors';
import { exportDefinitions } from '../promote/exportDefinitions';
import { importDefinitions } from '../promote/importDefinitions';

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

/**
 * Definitions as files (issue 31 points 3 and 4): the server's side of `npm run export` / `import`. The
 * contract gives both to administrators only (`x-permission: admin`): an export holds roles and API users
 * beside every builder's items, and an import writes them all.
 */
const handlers: Handlers = {
  'Promote.ExportDefinitions': async ({ db, query }) => {
    return { Files: definitionFiles(await exportDefinitions(db, parseKinds(query.Kinds))) };
  },
  'Promote.ImportDefinitions': async ({ db, keys, principal, body, now }) => {
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
